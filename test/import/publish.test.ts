import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentDir } from '../../src/build/content-dir.ts';
import { analyzeReviews } from '../../src/core/insights/build.ts';
import { buildSearchIndex } from '../../src/core/search/index.ts';
import { SearchParamsSchema } from '../../src/core/search/params.ts';
import { searchReviews } from '../../src/core/search/run.ts';
import { buildInProcess } from '../helpers/build.ts';
import { SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { contentDir, FIXTURES, runImport, TAKEOUT_V1 } from '../helpers/import.ts';

/** A content folder filled only through `npm run import`: Google, Trustpilot (its own verification taken back) and a CSV. */
function imported(): string {
  const dir = contentDir();
  copyFileSync(join(SMALL_CONTENT, 'editorial.json'), join(dir, 'editorial.json'));
  expect(runImport(['google', TAKEOUT_V1, '--content', dir]).status).toBe(0);
  expect(runImport(['trustpilot', join(FIXTURES, 'trustpilot.csv'), '--verified', 'none', '--content', dir]).status).toBe(0);
  expect(runImport(['csv', join(FIXTURES, 'nextdoor.csv'), '--source', 'nextdoor', '--content', dir]).status).toBe(0);
  return dir;
}

describe('imported reviews, published', () => {
  const dir = imported();
  const dataset = loadContentDir(dir);

  it('/reviews.json says how many reviews were imported, published and left out, by reason', async () => {
    const out = join(tempDir('import-build'), 'dist');
    await buildInProcess({ CONTENT_DIR: dir, OUT_DIR: out, SITE_URL: 'https://reviews.example' });
    const doc = JSON.parse(readFileSync(join(out, 'site', 'reviews.json'), 'utf8'));
    // PUBLISH_REVIEWS=all: no import verified anybody, and every review is published, marked without evidence
    expect(doc.reviews.every((r: { verified: boolean; evidence?: unknown }) => !r.verified && r.evidence === undefined)).toBe(true);
    expect(doc.review_counts).toEqual({
      in_content: 17,
      published: 17,
      left_out: { unverified: 0 },
      imports: {
        google: { in_export: 10, imported: 9, left_out: { no_star_rating: 1 } },
        nextdoor: { in_export: 5, imported: 5, left_out: {} },
        trustpilot: { in_export: 3, imported: 3, left_out: {} },
      },
    });
    expect(doc.reviews).toHaveLength(17);
    expect(doc.aggregate_rating.review_count).toBe(17);
    // keys are only added: the document still starts as before
    expect(Object.keys(doc)).toEqual(['business', 'aggregate_rating', 'review_counts', 'reviews']);
  });

  it('search matches the original words and the translation', () => {
    const index = buildSearchIndex(dataset.reviews);
    const find = (query: string) => searchReviews(index, SearchParamsSchema.parse({ query })).reviews.map((r) => r.author.name);
    expect(find('freundlich')).toEqual(['Klaus Becker']);
    expect(find('very friendly')).toEqual(['Klaus Becker']);
    expect(find('muy limpia')).toEqual(['Lucía Fernández']);
  });

  it('insights read a review in its own language when it is analysed, else through its English translation', () => {
    const insights = analyzeReviews(dataset);
    const de = insights.find((r) => r.review.author.name === 'Klaus Becker');
    expect(de?.read?.language).toBe('de');
    expect(de?.analysis?.sentences.map((s) => s.text)).toEqual(['Herr Mader war sehr freundlich und der Boiler in Fountain läuft wieder.']);
    expect(de?.aspects).toContainEqual({ aspect: 'professionalism', polarity: 'positive' });
    expect(de?.linked?.technicians).toEqual(['Jonas Mader']);
    const es = insights.find((r) => r.review.author.name === 'Lucía Fernández');
    expect(es?.language).toBe('es');
    expect(es?.read?.language).toBe('en');
    expect(es?.read?.text).toBe(es?.review.translation?.text);
  });
});
