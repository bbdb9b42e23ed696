// Content that holds a review dated far in the past or the future fails the build with the
// content message (file, record, field), before Astro runs, and never with a crash in insights.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../helpers/build.ts';
import { SMALL_CONTENT, tempDir } from '../helpers/paths.ts';

describe('the build refuses absurd review dates', { timeout: 120_000 }, () => {
  it('0025-06-01 and 9999-12-31 each get a line naming file, record and field; nothing is built', () => {
    const tmp = tempDir('dates-build');
    const content = join(tmp, 'content');
    cpSync(SMALL_CONTENT, content, { recursive: true });
    const reviews = JSON.parse(readFileSync(join(content, 'reviews.json'), 'utf8'));
    reviews[0].date = '0025-06-01';
    reviews[1].date = '9999-12-31';
    delete reviews[1].response;
    writeFileSync(join(content, 'reviews.json'), JSON.stringify(reviews));
    const out = join(tmp, 'dist');
    const run = runBuild({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: 'https://reviews.example' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`reviews.json: review "${reviews[0].id}" (index 0): field "date": is 0025-06-01, before 1995-01-01`);
    expect(run.stderr).toMatch(
      new RegExp(
        `reviews\\.json: review "${reviews[1].id}" \\(index 1\\): field "date": is 9999-12-31, after \\d{4}-\\d{2}-\\d{2}, tomorrow anywhere on Earth`,
      ),
    );
    expect(run.stderr).not.toMatch(/TypeError|Cannot read properties/);
    expect(existsSync(out)).toBe(false);
  });
});
