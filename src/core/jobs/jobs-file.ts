// content/jobs.json: the jobs a site holds, updated by each import. A job keeps its id; a newer
// export replaces the jobs it holds and keeps the others (an export of last month is not a
// deletion of the years before). The same export again changes nothing, byte for byte.
import type { KeyedHash } from '../bytes/hmac.ts';
import { type JobRecord, type JobsFile, KEY_CHECK_TEXT } from './records.ts';

export const keyCheck = (hash: KeyedHash) => hash(KEY_CHECK_TEXT);

export interface JobsMerge {
  file: JobsFile;
  added: number;
  updated: number;
  unchanged: number;
}

const byDateThenId = (a: JobRecord, b: JobRecord) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function mergeJobs(existing: JobsFile | undefined, incoming: readonly JobRecord[], hash: KeyedHash): JobsMerge {
  const jobs = new Map((existing?.jobs ?? []).map((j) => [j.id, j]));
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  for (const job of incoming) {
    const old = jobs.get(job.id);
    if (!old) added += 1;
    else if (JSON.stringify(old) === JSON.stringify(job)) unchanged += 1;
    else updated += 1;
    jobs.set(job.id, job);
  }
  return { file: { key_check: keyCheck(hash), jobs: [...jobs.values()].sort(byDateThenId) }, added, updated, unchanged };
}

/** One job a line: a newer export shows in a diff as the lines of the jobs it changed. */
export const jobsJson = (file: JobsFile) =>
  `{"key_check":${JSON.stringify(file.key_check)},"jobs":[${file.jobs.map((j) => `\n${JSON.stringify(j)}`).join(',')}\n]}\n`;
