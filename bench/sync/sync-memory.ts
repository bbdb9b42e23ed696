// Peak memory (RSS) of `npm run sync -- --content-only` against a Google source that loops or
// never ends, beside a normal full sweep of the same listing, in the same run. Google's pages
// come from the fake's hook: the normal listing; the same listing whose last page links back to
// page 2 (a loop found after every page was read); and pages of fresh reviews without end, which
// only SYNC_MAX_PAGES or SYNC_MAX_MB stop. Trustpilot stays on, so each row also shows whether
// it still came in.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeApis, FakeRequest } from '../../test/helpers/stand-ins/fake-apis.ts';
import { NODE, ROOT, tempDir } from '../../scripts/run/processes.ts';

const PAGE = 50;

/** Prints the process's peak resident set size as it exits. */
function preload(): string {
  const file = join(tempDir('bench-rss'), 'max-rss.mjs');
  writeFileSync(file, "process.on('exit', () => process.stderr.write('\\nmax RSS KB ' + process.resourceUsage().maxRSS + '\\n'));\n");
  return file;
}

function workspace(): { content: string; syncDir: string; out: string } {
  const root = tempDir('bench-sync-memory');
  const content = join(root, 'content');
  mkdirSync(content);
  copyFileSync(join(ROOT, 'test/fixtures/import/business.json'), join(content, 'business.json'));
  writeFileSync(join(content, 'reviews.json'), '[]\n');
  return { content, syncDir: join(root, 'sync'), out: join(root, 'dist') };
}

type Row = Record<string, string | number>;

function run(env: Record<string, string>, rss: string): Promise<{ status: number | null; kb: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(NODE, ['--import', rss, join(ROOT, 'scripts/sync.ts'), '--content-only'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('close', (status) => resolve({ status, kb: Number(/max RSS KB (\d+)/.exec(output)?.[1] ?? Number.NaN), output }));
  });
}

/** Google pages by the fake's hook: `page(i)` gives the reviews and the next token of page i (0-based). */
function googleHook(page: (i: number) => { reviews: unknown[]; next?: string }) {
  return (r: FakeRequest) => {
    if (!r.path.startsWith('/v4/')) return undefined;
    const i = Number((r.query.get('pageToken') ?? 'p0').slice(1));
    const { reviews, next } = page(i);
    return { status: 200, body: JSON.stringify({ reviews, averageRating: 4.2, totalReviewCount: 1_000_000, ...(next ? { nextPageToken: next } : {}) }) };
  };
}

export async function benchSyncMemory(fake: FakeApis, env: (w: { content: string; syncDir: string; out: string }) => Record<string, string>): Promise<Row[]> {
  const rss = preload();
  const sorted = [...fake.googleReviews].sort((a, b) => (String(a.updateTime) < String(b.updateTime) ? 1 : -1));
  const pages = Math.ceil(sorted.length / PAGE);
  const slice = (i: number) => sorted.slice(i * PAGE, (i + 1) * PAGE);
  const kinds: { source: string; hook: ReturnType<typeof googleHook>; extra?: Record<string, string> }[] = [
    {
      source: `normal: ${sorted.length} reviews, ${pages} pages`,
      hook: googleHook((i) => ({ reviews: slice(i), ...(i + 1 < pages ? { next: `p${i + 1}` } : {}) })),
    },
    {
      source: 'loop: the last page links back to page 2',
      hook: googleHook((i) => ({ reviews: slice(i), next: `p${i + 1 < pages ? i + 1 : 1}` })),
    },
    {
      source: 'endless: fresh reviews on every page (default bounds)',
      hook: googleHook((i) => ({
        reviews: slice(i % pages).map((r) => ({ ...r, name: `${r.name}x${i}`, reviewId: `${r.reviewId}x${i}` })),
        next: `p${i + 1}`,
      })),
    },
  ];
  const rows: Row[] = [];
  let normalKb = 0;
  for (const kind of kinds) {
    const w = workspace();
    fake.hook = kind.hook;
    const before = fake.count('/v4/');
    const r = await run({ ...env(w), ...kind.extra }, rss);
    const read = fake.count('/v4/') - before;
    if (!normalKb) normalKb = r.kb;
    const merged = (JSON.parse(readFileSync(join(w.content, 'reviews.json'), 'utf8')) as { id: string }[]).filter((x) => x.id.startsWith('trustpilot-')).length;
    const failure = /google: failed \(\w+\), nothing from it merged: (.*)/.exec(r.output)?.[1];
    rows.push({
      source: kind.source,
      'exit status': String(r.status),
      'Google pages read': read,
      'peak RSS MB': (r.kb / 1024).toFixed(0),
      'RSS / normal': (r.kb / normalKb).toFixed(2),
      'Trustpilot merged': String(merged),
      'Google outcome': failure ? `failed: ${failure.replace(/GET \S+/, 'GET …').slice(0, 90)}` : 'ok',
    });
  }
  fake.hook = undefined;
  return rows;
}
