// What a build says about verification, with both publishing policies: every sentence with its
// count, each review's mark, the evidence in every document, and the reviews a job credits
// counted on the facet pages and by the mention filters.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../helpers/app.ts';
import { buildInProcess } from '../helpers/build.ts';
import { SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { byId, elements, hasClass, parseHtml, text } from '../helpers/site/dom.ts';

const JOB_A1 = { kind: 'job', job_id: 'J-1001', job_date: '2024-01-08', by: 'match' };
const JOB_A3 = { kind: 'job', job_id: 'J-1002', job_date: '2024-02-20', by: 'owner' };

/** The small fixture with each kind of evidence: two jobs (one crediting a technician the text never names), a platform, the owner, two without. */
function evidenceContent(): string {
  const dir = join(tempDir('verification-content'), 'content');
  cpSync(SMALL_CONTENT, dir, { recursive: true });
  const file = join(dir, 'reviews.json');
  const patch: Record<string, object> = {
    a1: {
      evidence: JOB_A1,
      technicians: ['José Martínez', 'Ann Lee'],
      services: ['drain-cleaning', 'water-heater'],
      credited: { technicians: ['Ann Lee'], services: ['water-heater'] },
    },
    a2: { source: 'trustpilot', evidence: { kind: 'platform', platform: 'trustpilot' } },
    a3: {
      evidence: JOB_A3,
      technicians: ['José Martínez'],
      services: ['water-heater', 'drain-cleaning'],
      credited: { technicians: ['José Martínez'], services: ['drain-cleaning'] },
    },
    a6: { verified: false },
  };
  const reviews = (JSON.parse(readFileSync(file, 'utf8')) as { id: string }[]).map((r) => ({ ...r, ...patch[r.id] }));
  writeFileSync(file, JSON.stringify(reviews));
  return dir;
}

const content = evidenceContent();
const SENTENCES_OF = (total: number) =>
  `2 of ${total} reviews come from customers matched to a job on the business’s records. ` +
  `1 of ${total} reviews was marked verified by the platform it was written on. ` +
  `1 of ${total} reviews was marked verified by the business itself.`;

describe('PUBLISH_REVIEWS=all (the default)', () => {
  let built: BuiltApp;
  const read = (path: string) => readFileSync(join(built.outDir, 'site', path.endsWith('/') ? `${path}index.html` : path), 'utf8');
  beforeAll(async () => {
    built = await buildApp(content);
  });
  afterAll(() => built.site.close());

  it('publishes every review, each with its evidence, and says how many carry which', () => {
    const doc = JSON.parse(read('/reviews.json'));
    expect(doc.reviews.map((r: { id: string }) => r.id)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1', 'a6']);
    const byIdOf = new Map(doc.reviews.map((r: { id: string }) => [r.id, r]));
    expect(byIdOf.get('a1')).toMatchObject({ verified: true, evidence: JOB_A1, credited: { technicians: ['Ann Lee'], services: ['water-heater'] } });
    expect(byIdOf.get('a4')).toMatchObject({ verified: true, evidence: { kind: 'owner' } });
    expect(byIdOf.get('a5')).toMatchObject({ verified: false });
    expect(byIdOf.get('a5')).not.toHaveProperty('evidence');
    const home = parseHtml(read('/'));
    expect(text(byId(home, 'rating') as never)).toContain(
      `6 reviews published, whatever their rating. ${SENTENCES_OF(6)} 2 of 6 reviews carry no evidence that their authors are customers. None left out.`,
    );
    const ratings = JSON.parse(read('/api/ratings.json'));
    expect(ratings.evidence).toEqual({ job: 2, platform: 1, owner: 1, none: 2 });
    expect(ratings.left_out).toEqual({ unverified: 0 });
  });

  it('claims nothing for everyone: footer, meta description, feeds, embed and llms.txt', () => {
    const html = read('/');
    expect(html).toContain('<meta name="description" content="Tiny &amp; Sons <Plumbing> is rated 3.7 out of 5 in 6 reviews.">');
    expect(html).toContain('The business publishes these reviews itself, and leaves none out for its rating.');
    for (const path of ['/', '/embed/', '/feed.xml', '/api/feed.json', '/llms.txt', '/openapi.json', '/widget.js']) {
      expect(read(path), path).not.toMatch(/verified customers only|every one from a verified|from verified customers|verified customer reviews/i);
    }
    expect(JSON.parse(read('/api/feed.json')).description).toBe(
      'The 50 newest reviews of Tiny & Sons <Plumbing>, each with the evidence that its author is a customer, if there is any.',
    );
    expect(JSON.parse(read('/api/feed.json')).items.find((i: { _review: { id: string } }) => i._review.id === 'a2')._review.evidence).toEqual({
      kind: 'platform',
      platform: 'trustpilot',
    });
    // the Atom feed carries each kind as a category, the JSON Feed in _review
    const atom = read('/feed.xml');
    expect(atom).toContain('<category label="verified customer: matched to a job" term="evidence-job"/>');
    expect(atom).toContain('<category label="verified by trustpilot" term="evidence-platform"/>');
    expect(atom.match(/<category /g)).toHaveLength(4);
    expect(read('/embed/')).toContain('Every review is published, whatever its rating.');
    expect(read('/llms.txt')).toContain(`6 reviews, rated 3.7 out of 5. ${SENTENCES_OF(6)} 2 of 6 reviews carry no evidence`);
  });

  it('marks each review with its evidence, and the others not', () => {
    const home = parseHtml(read('/'));
    const meta = (id: string) => text(elements(byId(home, `review-${id}`) as never, 'p').find((p) => hasClass(p, 'meta')) as never);
    expect(meta('a1')).toMatch(/ · ✓ verified customer: matched to a job$/);
    expect(meta('a2')).toMatch(/ · on Trustpilot · ✓ verified by Trustpilot$/);
    expect(meta('a4')).toMatch(/ · ✓ marked verified by the business$/);
    expect(meta('a5')).not.toContain('✓');
  });

  it('counts a review credited through its job on the facet page and in the mention filters', async () => {
    // a3 is rating-only: it names nobody; its job was José Martínez's, a drain cleaning
    const facet = parseHtml(read('/technicians/jose-martinez/'));
    const ids = elements(facet, 'article').map((a) => a.attrs?.find((x) => x.name === 'id')?.value);
    expect(ids).toContain('review-a3');
    const ratings = JSON.parse(read('/api/ratings.json'));
    expect(ratings.technicians.find((t: { name: string }) => t.name === 'José Martínez').aggregate_rating.review_count).toBe(3);
    const search = async (qs: string) => (await (await built.app.request(`/api/reviews/search?${qs}`)).json()) as { total: number; reviews: { id: string }[] };
    expect((await search('mentions_technician=Jose%20Martinez')).reviews.map((r) => r.id)).toEqual(['a3', 'a1', 'a6']);
    expect((await search('mentions_service=drain-cleaning')).reviews.map((r) => r.id)).toEqual(['a3', 'a1', 'a6']);
    expect(ratings.services.find((x: { id: string }) => x.id === 'drain-cleaning').aggregate_rating.review_count).toBe(3);
    expect((await search('verified=true')).reviews.map((r) => r.id)).toEqual(['a4', 'a3', 'a2', 'a1']);
    expect((await search('verified=false')).total).toBe(2);
  });
});

describe('PUBLISH_REVIEWS=verified', () => {
  const out = join(tempDir('verification-build'), 'dist');
  const read = (path: string) => readFileSync(join(out, 'site', path.endsWith('/') ? `${path}index.html` : path), 'utf8');
  beforeAll(async () => {
    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: 'https://reviews.example', PUBLISH_REVIEWS: 'verified' });
  });

  it('publishes only the reviews with evidence, and says how many are left out and why, never by rating', () => {
    const doc = JSON.parse(read('/reviews.json'));
    expect(doc.reviews.map((r: { id: string }) => r.id)).toEqual(['a4', 'a3', 'a2', 'a1']);
    expect(doc.reviews.every((r: { verified: boolean; evidence?: unknown }) => r.verified && r.evidence)).toBe(true);
    const home = parseHtml(read('/'));
    expect(text(byId(home, 'rating') as never)).toContain(
      `4 reviews published, whatever their rating. ${SENTENCES_OF(4)} ` +
        '2 reviews left out because nothing shows their authors are customers; none is left out for its rating.',
    );
    expect(read('/')).toContain(
      'The business publishes these reviews itself: those with evidence that the reviewer is a customer, none left out for its rating.',
    );
    expect(read('/embed/')).toContain('Every review with evidence that its author is a customer is published, whatever its rating.');
    expect(JSON.parse(read('/api/ratings.json')).left_out).toEqual({ unverified: 2 });
  });
});
