// npm run bench:page: builds the sample business and checks what its pages weigh against
// the budgets: home page HTML + CSS under 100 KB; the page's own JavaScript under 15 KB
// gzipped and never render-blocking; widget.js under 10 KB gzipped. Then, optionally
// (BENCH_FACET_REVIEWS=20000), what the facet pages add to a build of that many reviews.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSite } from '../../src/build/build-site.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { FACET_BASE } from '../../src/core/site/facets.ts';
import { readSettings } from '../../src/settings/index.ts';
import { envNumber } from '../shared/env.ts';
import { generate, table, tempDir } from '../shared/lib.ts';
import { pageWeight } from './page-weight.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

async function buildInto(contentDir: string): Promise<string> {
  const outDir = join(mkdtempSync(join(tmpdir(), 'reviews-bench-page-')), 'dist');
  await buildSite(readSettings({ ...process.env, OUT_DIR: outDir, CONTENT_DIR: contentDir }), root);
  return outDir;
}

const outDir = await buildInto(process.env.CONTENT_DIR || join(root, 'content'));
const site = join(outDir, 'site');
const file = (path: string) => join(site, path.endsWith('/') ? `${path}index.html` : path);
const src = (tag: string) => /\bsrc\s*=\s*"?([^"\s>]+)"?/i.exec(tag)?.[1];
/** A script blocks rendering unless it is a module, async or defer (HTML, "scripting"). */
const blocking = (tag: string) => !/type\s*=\s*"?module"?/i.test(tag) && !/\b(async|defer)\b/i.test(tag);

const budgets: { what: string; value: number; budget: number }[] = [];
const rows = ['/', '/reviews/page/1/', '/reviews/', '/api/', '/technicians/jose-martinez/', '/reviews/stars/5/page/2/', '/embed/'].map((path) => {
  const html = readFileSync(file(path), 'utf8');
  const w = pageWeight(html, (href) => readFileSync(join(site, href)));
  const js = w.scripts.map((tag) => src(tag)).filter((s): s is string => s !== undefined);
  const jsGzip = js.reduce((n, s) => n + gzipSync(readFileSync(join(site, s))).length, 0);
  if (w.scripts.some((tag) => !src(tag))) throw new Error(`${path}: an inline script that runs code`);
  if (w.scripts.some(blocking)) throw new Error(`${path}: a render-blocking script`);
  if (path === '/') {
    budgets.push({ what: 'home page HTML + CSS', value: w.total, budget: 100 * KB });
    budgets.push({ what: 'home page own JavaScript, gzipped', value: jsGzip, budget: 15 * KB });
  }
  return {
    path,
    html: kb(w.html),
    css: kb(w.css),
    'HTML+CSS': kb(w.total),
    'HTML gzip': kb(gzipSync(html).length),
    stylesheets: w.stylesheets.length,
    scripts: w.scripts.length,
    'JS gzip': kb(jsGzip),
  };
});
table(rows);
budgets.push({ what: 'widget.js, gzipped', value: gzipSync(readFileSync(join(site, 'widget.js'))).length, budget: 10 * KB });
budgets.push({ what: 'badge.svg', value: readFileSync(join(site, 'badge.svg')).length, budget: 2 * KB });
table(budgets.map((b) => ({ budget: b.what, size: kb(b.value), limit: kb(b.budget), 'share of budget': (b.value / b.budget).toFixed(2) })));
if (budgets.some((b) => b.value >= b.budget)) process.exitCode = 1;

const facetReviews = envNumber('BENCH_FACET_REVIEWS', 0);
if (facetReviews > 0) {
  const content = join(tempDir('page-facets'), 'content');
  generate(content, facetReviews);
  const manifest = JSON.parse(readFileSync(join(await buildInto(content), 'manifest.json'), 'utf8')) as Manifest;
  const prefixes = Object.values(FACET_BASE);
  let facets = 0;
  let files = 0;
  let rest = 0;
  for (const [path, entry] of Object.entries(manifest.resources)) {
    if (prefixes.some((p) => path.startsWith(p))) {
      facets += entry.size;
      files += 1;
    } else rest += entry.size;
  }
  console.log(
    `${facetReviews.toLocaleString('en-US')} reviews: the facet pages are ${files} ` +
      `files, ${(facets / 1e6).toFixed(1)} MB, on top of ${(rest / 1e6).toFixed(1)} MB ` +
      `for everything else: ×${((facets + rest) / rest).toFixed(2)} (budget ×1.5).`,
  );
}
