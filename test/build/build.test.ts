import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { InsightsDocumentSchema } from '../../src/core/schemas/insights.ts';
import { buildInProcess, buildOrThrow, runBuild } from '../helpers/build.ts';
import { ROOT, SAMPLE_CONTENT, tempDir } from '../helpers/paths.ts';

const SITE = 'https://reviews.example';

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

const manifestOf = (out: string) => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
const site = (out: string, file: string) => readFileSync(join(out, 'site', file));

describe('the build of the sample content', () => {
  let a: string;
  let b: string;
  // one as the command (`npm run build`), one in this process: the same bytes either way
  beforeAll(async () => {
    const tmp = tempDir('build');
    a = join(tmp, 'a', 'dist');
    b = join(tmp, 'b', 'dist');
    buildOrThrow({ CONTENT_DIR: SAMPLE_CONTENT, OUT_DIR: a, SITE_URL: SITE });
    await buildInProcess({ CONTENT_DIR: SAMPLE_CONTENT, OUT_DIR: b, SITE_URL: SITE });
  });

  it('emits every resource with a manifest entry', () => {
    const m = manifestOf(a);
    for (const path of ['/reviews.json', '/insights.json', '/api/feed.json', '/feed.xml']) expect(m.resources[path]).toBeDefined();
    expect(m.since_dates.length).toBeGreaterThan(100);
    for (const d of m.since_dates) expect(m.resources[`/api/reviews/since/${d}`]).toBeDefined();
    expect(m.resources['/feed.xml']?.content_type).toBe('application/atom+xml; charset=utf-8');
    expect(m.resources['/api/feed.json']?.link).toBe(`<${SITE}/api/websub/hub>; rel="hub", <${SITE}/api/feed.json>; rel="self"`);
  });

  it('is deterministic: two builds give identical bytes and ETags', () => {
    expect(files(join(a, 'site'))).toEqual(files(join(b, 'site')));
    for (const f of files(join(a, 'site'))) expect(site(a, f).equals(site(b, f)), f).toBe(true);
    const etags = (out: string) => Object.fromEntries(Object.entries(manifestOf(out).resources).map(([p, e]) => [p, e.etag]));
    expect(etags(a)).toEqual(etags(b));
  });

  it('writes a JSON Feed 1.1 that passes the JSON Feed schema', async () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules/jsonfeed-schema/schema-v1.1.json'), 'utf8'));
    const ajv = new (Ajv2020 as unknown as typeof import('ajv').default)({ strict: false, validateSchema: false });
    const feed = JSON.parse(site(a, 'api/feed.json').toString());
    const validate = ajv.compile(schema);
    expect(validate(feed), JSON.stringify(validate.errors)).toBe(true);
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.items).toHaveLength(50);
    expect(feed.hubs).toEqual([{ type: 'WebSub', url: `${SITE}/api/websub/hub` }]);
    const reviews = JSON.parse(site(a, 'reviews.json').toString()).reviews;
    expect(feed.items.map((i: { _review: unknown }) => i._review)).toEqual(reviews.slice(0, 50));
  });

  it('writes an Atom feed valid against the RFC 4287 RELAX NG schema', () => {
    const run = spawnSync('jing', ['-c', join(ROOT, 'test/schemas/atom.rnc'), join(a, 'site/feed.xml')], { encoding: 'utf8' });
    expect(run.stdout, run.stdout).toBe('');
    expect(run.status).toBe(0);
    const xml = site(a, 'feed.xml').toString();
    expect(xml.match(/<entry>/g)).toHaveLength(50);
    expect(xml).toContain(`<link rel="hub" href="${SITE}/api/websub/hub"/>`);
  });

  it('writes insights.json that matches its schema, with every aspect and the editorial content', () => {
    const doc = InsightsDocumentSchema.parse(JSON.parse(site(a, 'insights.json').toString()));
    expect(doc.aspects.map((x) => x.id)).toContain('punctuality');
    expect(doc.aspects.reduce((n, x) => n + x.mentions, 0)).toBeGreaterThan(100);
    expect(doc.topics.length).toBeGreaterThan(0);
    expect(doc.summary.figures.review_count).toBe(JSON.parse(site(a, 'reviews.json').toString()).reviews.length);
    expect(doc.faq.length).toBeGreaterThan(0);
  });

  it('orders reviews newest first and aggregates them', () => {
    const doc = JSON.parse(site(a, 'reviews.json').toString());
    const keys = doc.reviews.map((r: { date: string; id: string }) => `${r.date} ${r.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(doc.aggregate_rating.review_count).toBe(doc.reviews.length);
  });
});

describe('rebuilds', () => {
  it('keep Last-Modified for unchanged files, move it forward for changed ones, and respect the since budget', async () => {
    const tmp = tempDir('rebuild');
    const content = join(tmp, 'content');
    cpSync(SAMPLE_CONTENT, content, { recursive: true });
    const out = join(tmp, 'dist');
    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE, SINCE_BUDGET_BYTES: '2000000' });
    const first = manifestOf(out);
    const firstSize = first.since_dates.reduce((n, d) => n + (first.resources[`/api/reviews/since/${d}`]?.size ?? 0), 0);
    expect(firstSize).toBeLessThanOrEqual(2_000_000);
    expect(first.since_dates.length).toBeGreaterThan(0);

    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE, SINCE_BUDGET_BYTES: '2000000' });
    const same = manifestOf(out);
    expect(same.resources['/reviews.json']).toEqual(first.resources['/reviews.json']);

    const editorial = JSON.parse(readFileSync(join(content, 'editorial.json'), 'utf8'));
    editorial.summary.headline = 'Changed headline';
    writeFileSync(join(content, 'editorial.json'), JSON.stringify(editorial));
    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE, SINCE_BUDGET_BYTES: '2000000' });
    const changed = manifestOf(out);
    expect(changed.resources['/reviews.json']).toEqual(first.resources['/reviews.json']);
    const before = Date.parse(first.resources['/insights.json']?.last_modified as string);
    expect(Date.parse(changed.resources['/insights.json']?.last_modified as string)).toBeGreaterThan(before);
    expect(changed.resources['/insights.json']?.etag).not.toBe(first.resources['/insights.json']?.etag);
  });

  it('reject bad content, naming file, record and field, and leave the last good build untouched', async () => {
    const tmp = tempDir('bad');
    const content = join(tmp, 'content');
    cpSync(SAMPLE_CONTENT, content, { recursive: true });
    const out = join(tmp, 'dist');
    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
    const good = realpathSync(out);
    const goodFiles = files(good);

    const reviews = JSON.parse(readFileSync(join(content, 'reviews.json'), 'utf8'));
    reviews[3].rating = 0;
    reviews[5].date = '2023-02-29';
    writeFileSync(join(content, 'reviews.json'), JSON.stringify(reviews));
    const run = runBuild({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`reviews.json: review "${reviews[3].id}" (index 3): field "rating"`);
    expect(run.stderr).toContain(`review "${reviews[5].id}" (index 5): field "date": is not a real calendar date`);
    expect(run.stderr).toContain('previous build');
    expect(realpathSync(out)).toBe(good);
    expect(readlinkSync(out)).toBe(good);
    expect(files(good)).toEqual(goodFiles);
  });
});
