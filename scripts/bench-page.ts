// Builds the sample business and prints what its pages weigh: HTML and CSS (raw and
// gzipped), linked stylesheets and code-running scripts (there should be none).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSite } from '../src/build/build-site.ts';
import { pageWeight } from './bench/page-weight.ts';
import { readSettings } from '../src/settings/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(mkdtempSync(join(tmpdir(), 'reviews-bench-page-')), 'dist');
const settings = readSettings({ ...process.env, OUT_DIR: outDir, CONTENT_DIR: process.env.CONTENT_DIR || join(root, 'content') });
await buildSite(settings, root);
const site = join(outDir, 'site');
const file = (path: string) => join(site, path.endsWith('/') ? `${path}index.html` : path);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const rows = ['/', '/reviews/page/1/', '/reviews/', '/api/'].map((path) => {
  const html = readFileSync(file(path), 'utf8');
  const w = pageWeight(html, (href) => readFileSync(join(site, href)));
  return { path, html: kb(w.html), css: kb(w.css), total: kb(w.total), gzip: kb(gzipSync(html).length), stylesheets: w.stylesheets.length, scripts: w.scripts.length };
});
console.table(rows);
const home = pageWeight(readFileSync(file('/'), 'utf8'), (href) => readFileSync(join(site, href)));
console.log(`Home page: HTML ${home.html} B + CSS ${home.css} B = ${home.total} B (budget 102400 B); code-running scripts: ${home.scripts.length}`);
if (home.total >= 100 * 1024 || home.scripts.length > 0) process.exitCode = 1;
