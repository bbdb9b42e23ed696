// A new business's first try, as the README tells it: business.json, one import, a build.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../helpers/build.ts';
import { tempDir } from '../helpers/paths.ts';
import { contentDir, FIXTURES, runImport } from '../helpers/import.ts';

describe('a new business', () => {
  it('builds from business.json plus one import, with no editorial.json', () => {
    const content = contentDir();
    expect(existsSync(join(content, 'editorial.json'))).toBe(false);
    const imported = runImport(['trustpilot', join(FIXTURES, 'trustpilot.csv'), '--content', content]);
    expect(imported.status, imported.stderr).toBe(0);
    const out = join(tempDir('first-build'), 'dist');
    const run = runBuild({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: 'https://reviews.example' });
    expect(run.status, run.stderr).toBe(0);
    const business = JSON.parse(readFileSync(join(content, 'business.json'), 'utf8'));
    const insights = JSON.parse(readFileSync(join(out, 'site', 'insights.json'), 'utf8'));
    expect(insights.summary).toMatchObject({ headline: business.name, text: business.description ?? business.name });
    expect(insights.faq).toEqual([]);
    const reviews = JSON.parse(readFileSync(join(out, 'site', 'reviews.json'), 'utf8'));
    expect(reviews.reviews.length).toBeGreaterThan(0);
  });

  it('is told what to do when it has not imported anything yet', () => {
    const content = contentDir();
    rmSync(join(content, 'reviews.json'), { force: true });
    const run = runBuild({ CONTENT_DIR: content, OUT_DIR: join(tempDir('first-build'), 'dist') });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/reviews\.json: does not exist: import reviews first \(npm run import/);
  });
});
