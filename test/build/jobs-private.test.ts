// The build reads neither content/jobs.json nor content/verification.json and publishes nothing of
// them: no file of either name, no keyed hash of a customer or a name form, not the key.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_JOBS_MATCH_KEY } from '../../tools/sample/jobs.ts';
import { SAMPLE_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('job records stay out of the build', { timeout: 600_000 }, () => {
  it('publishes no file and no hash of jobs.json or verification.json', async () => {
    const jobs = JSON.parse(readFileSync(join(SAMPLE_CONTENT, 'jobs.json'), 'utf8'));
    expect(jobs.jobs.length).toBeGreaterThan(100);
    const secrets = [
      SAMPLE_JOBS_MATCH_KEY,
      jobs.key_check as string,
      ...jobs.jobs.slice(0, 200).flatMap((j: { customer: string; names: Record<string, string> }) => [j.customer, ...Object.keys(j.names)]),
    ];
    const out = await sharedBuild(SAMPLE_CONTENT);
    const files = filesUnder(out);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      expect(file).not.toMatch(/(^|\/)(jobs|verification)\.json$/);
      const text = readFileSync(file, 'latin1');
      for (const s of secrets) if (text.includes(s)) throw new Error(`${file} holds "${s}" of content/jobs.json`);
    }
  });
});
