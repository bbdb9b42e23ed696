// npm run bench:verify [-- --seed N --reviews N --jobs N]
// Speed: matching 20,000 reviews against 50,000 jobs (the goal: at most 5 s). Accuracy, on a made-up
// business (./synthetic.ts) of the seed given: precision (right customer, right job), recall on the
// reviews a careful person could match, and false matches among reviewers who had no job.
import { parseArgs } from 'node:util';
import type { KeyedHash } from '../../src/core/bytes/hmac.ts';
import { applyJobEvidence } from '../../src/core/jobs/apply.ts';
import { formHash, indexJobs } from '../../src/core/jobs/match.ts';
import { customerForms, parseName } from '../../src/core/jobs/names.ts';
import type { JobRecord } from '../../src/core/jobs/records.ts';
import { keyedHash } from '../../src/import/evidence.ts';
import { SHORT, type SyntheticBusiness, syntheticBusiness } from './synthetic.ts';

const SHORTS = new Map(Object.entries(SHORT).map(([name, shorts]) => [name.toLowerCase(), shorts.map((x) => x.toLowerCase())]));

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    reviews: { type: 'string', default: '20000' },
    jobs: { type: 'string', default: '50000' },
    window: { type: 'string', default: '45' },
  },
});
const seed = Number(values.seed);
const windowDays = Number(values.window);
const KEY = 'bench-verify-key-not-a-secret-0123456789';

// the keyed hash the import and the sync use on Node
const hash = keyedHash({ matchKey: KEY, windowDays }) as KeyedHash;
const business = syntheticBusiness({ seed, jobs: Number(values.jobs), reviews: Number(values.reviews) });

// What `reviews import jobs` keeps of each job: keyed hashes of the name forms, never the name.
let t = performance.now();
const records: JobRecord[] = business.jobs.map((j) => ({
  id: j.id,
  date: j.date,
  technicians: j.technicians,
  services: [j.service],
  customer: hash(`customer\u0000id:${j.customerId}`),
  names: Object.fromEntries(customerForms(parseName(j.customer)).map((f) => [formHash(hash, f.form), f.kind])),
  source: 'csv',
}));
const hashMs = performance.now() - t;

const reviews = business.reviews.map((r) => ({
  id: r.id,
  date: r.date,
  rating: 5,
  text: '',
  author: { name: r.author },
  verified: false,
  source: 'google',
  technicians: [],
  services: [],
}));

t = performance.now();
const cpu = process.cpuUsage();
const index = indexJobs(records);
const out = applyJobEvidence({
  reviews,
  decisions: [],
  jobsById: index.byId,
  match: { index, hash, windowDays },
  mentions: () => ({ technicians: [], services: [] }),
});
const matchMs = performance.now() - t;
const used = process.cpuUsage(cpu);
const matchCpuMs = (used.user + used.system) / 1000;

const count = (n: number) => n.toLocaleString('en-US');
console.log(`Matching ${count(reviews.length)} reviews against ${count(records.length)} jobs (seed ${seed}, window ${windowDays} days)`);
console.log(`  index and match: ${(matchMs / 1000).toFixed(2)} s wall, ${(matchCpuMs / 1000).toFixed(2)} s of CPU (goal: at most 5 s)`);
console.log(`  hashing the jobs' name forms, as the import does once: ${(hashMs / 1000).toFixed(2)} s`);
console.log(accuracy(business, out.reviews as { id: string; evidence?: { job_id: string } }[], windowDays));

/** The measures, from the truth the generator kept. */
function accuracy(b: SyntheticBusiness, matched: { id: string; evidence?: { job_id: string } }[], window: number): string {
  const jobs = new Map(b.jobs.map((j) => [j.id, j]));
  const matchOf = new Map(matched.map((r) => [r.id, r.evidence?.job_id]));
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  // A careful person's reading of a display name, written apart from the matcher: lower case, no accents or dots.
  const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[.']/g, '').replace(/\s+/g, ' ').trim();
  const byName = new Map<string, typeof b.jobs>();
  for (const j of b.jobs) {
    const list = byName.get(j.customerId) ?? [];
    list.push(j);
    byName.set(j.customerId, list);
  }
  let matches = 0;
  let rightCustomer = 0;
  let rightJob = 0;
  let noJob = 0;
  let noJobMatched = 0;
  let matchable = 0;
  let matchableMatched = 0;
  // Who a display name could be, as the generator writes them: every customer whose name gives it.
  const COMPANY = /\b(llc|inc|realty|apartments|management|holdings)\b/;
  const byLast = new Map<string, { id: string; first: string }[]>();
  const seen = new Set<string>();
  for (const j of b.jobs) {
    if (seen.has(j.customerId) || COMPANY.test(plain(j.customer))) continue;
    seen.add(j.customerId);
    const n = plain(j.customer).split(' ');
    const last = n[n.length - 1] as string;
    for (const key of [last, last.charAt(0)]) {
      const list = byLast.get(key) ?? [];
      list.push({ id: j.customerId, first: n[0] as string });
      byLast.set(key, list);
    }
  }
  const fitting = (display: string): string[] => {
    const words = plain(display).split(' ');
    if (words.length < 2 || plain(display) === 'a google user' || COMPANY.test(plain(display))) return [];
    const [f, l] = [words[0] as string, words[words.length - 1] as string];
    if (f.length === 1 && l.length === 1) return [];
    return (byLast.get(l) ?? [])
      .filter((c) => f === c.first || (f.length === 1 && c.first.startsWith(f)) || (SHORTS.get(c.first)?.includes(f) ?? false))
      .map((c) => c.id);
  };
  for (const r of b.reviews) {
    const m = matchOf.get(r.id);
    if (m) {
      matches += 1;
      if (jobs.get(m)?.customerId === r.truthCustomer) rightCustomer += 1;
      if (m === r.truthJob) rightJob += 1;
    }
    if (!r.truthJob) {
      noJob += 1;
      if (m) noJobMatched += 1;
      continue;
    }
    // Matchable: exactly one customer fits the name with a job in the window, and that one job is it.
    const inWindow = (id: string) => (byName.get(id) ?? []).filter((j) => day(r.date) - day(j.date) >= 0 && day(r.date) - day(j.date) <= window);
    const fits = fitting(r.author).filter((id) => inWindow(id).length > 0);
    const only = fits.length === 1 ? fits[0] : undefined;
    if (only !== undefined && only === r.truthCustomer && inWindow(only).length === 1 && inWindow(only)[0]?.id === r.truthJob) {
      matchable += 1;
      if (m === r.truthJob) matchableMatched += 1;
    }
  }
  const ratio = (a: number, n: number) => (n ? (a / n).toFixed(4) : 'n/a');
  return [
    `Accuracy on the made-up business of seed ${seed} (${b.reviews.length} reviews, ${matches} matched):`,
    `  precision, right customer: ${ratio(rightCustomer, matches)} (goal ≥ 0.99)`,
    `  precision, right job:      ${ratio(rightJob, matches)} (goal ≥ 0.97)`,
    `  recall on matchable reviews: ${ratio(matchableMatched, matchable)} of ${matchable} (goal ≥ 0.90)`,
    `  false matches among reviewers with no job: ${ratio(noJobMatched, noJob)} of ${noJob} (goal ≤ 0.01)`,
  ].join('\n');
}
