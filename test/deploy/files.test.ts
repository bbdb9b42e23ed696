// The deploy folders at three sizes, read by the hosts' own parsers: Netlify's
// @netlify/headers-parser and @netlify/redirect-parser, and wrangler (Cloudflare's parser and
// asset server). Any warning fails the test; so does a header a host would send wrong.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { describe, expect, it } from 'vitest';
import { startWrangler } from '../../scripts/run/host-emulators.ts';
import { hostWarnings } from '../helpers/hosts.ts';
import { generateContent, writeContent } from '../../tools/sample/generate.ts';
import { WORKER_DATA_PREFIX } from '../../sidecar/runtime/cloudflare/bindings.ts';
import { CLOUDFLARE } from '../../src/build/deploy/limits.ts';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { SURFACE } from '../../src/core/http/surface.ts';
import { buildInProcess } from '../helpers/build.ts';
import { SAMPLE_CONTENT, tempDir } from '../helpers/paths.ts';

const SITE_URL = 'https://reviews.example';
const SIDECAR_URL = 'https://sidecar.reviews.example';
const MAX_AGE_S = 60;

/** The first day a review may carry when the business names no founding year (src/core/schemas/review.ts). */
const FIRST_DAY = Date.UTC(1995, 0, 1);
const END_DAY = Date.UTC(2026, 10, 15);
const DAYS = (END_DAY - FIRST_DAY) / 86_400_000 + 1;

/**
 * A business of `count` reviews; with `everyDay`, the worst case for since files: its reviews
 * spread over every day a review may carry (no founding year), so no day is without one.
 */
function content(count: number, everyDay: boolean): string {
  const dir = tempDir('deploy-content');
  const generated = generateContent({ seed: 7, reviewCount: count, endDate: '2026-11-15' });
  if (everyDay) {
    const { founded: _, ...business } = generated.business;
    generated.business = business;
    const n = generated.reviews.length;
    generated.reviews = generated.reviews.map((review, i) => {
      const back = Math.floor(((n - 1 - i) * (DAYS - 1)) / (n - 1));
      const date = new Date(END_DAY - back * 86_400_000).toISOString().slice(0, 10);
      const { response, ...rest } = review;
      return { ...rest, date, ...(response ? { response: { ...response, date } } : {}) };
    });
  }
  writeContent(dir, generated);
  return dir;
}

const SIZES = [
  { name: 'the sample (640 reviews)', content: () => SAMPLE_CONTENT },
  { name: 'a business of 2,507 reviews', content: () => content(2507, false) },
  { name: `20,000 reviews over every day since 1995 (${DAYS.toLocaleString('en-US')} distinct dates)`, content: () => content(20_000, true) },
];

/** Bytes on disk, counting each hard-linked file once. */
function diskBytes(dir: string, seen = new Set<number>()): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) total += diskBytes(full, seen);
    else {
      const stat = lstatSync(full);
      if (!seen.has(stat.ino)) {
        seen.add(stat.ino);
        total += stat.size;
      }
    }
  }
  return total;
}

/** The headers Netlify's rules give a path: every matching rule, later rules winning (as netlify-cli applies them). */
function netlifyHeadersFor(rules: { for: string; values: Record<string, string> }[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.for.endsWith('*') ? path.startsWith(rule.for.slice(0, -1)) : rule.for === path;
    if (matches) for (const [name, value] of Object.entries(rule.values)) out[name.toLowerCase()] = value;
  }
  return out;
}

describe.each(SIZES)('deploy folders for $name', (size) => {
  let out: string;
  let manifest: Manifest;

  it('are built beside dist/site, as hard links, within 10 % more disk than the site alone', async () => {
    out = join(tempDir('deploy-files'), 'dist');
    await buildInProcess({ CONTENT_DIR: size.content(), OUT_DIR: out, SITE_URL, SIDECAR_URL });
    manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    for (const host of ['pages', 'netlify']) {
      for (const { file } of Object.values(manifest.resources)) {
        expect(statSync(join(out, 'deploy', host, file)).ino, `${host}/${file}`).toBe(statSync(join(out, 'site', file)).ino);
      }
    }
    const build = realpathSync(out);
    // The Worker's packed search index is data of its own, not a copy of a built file: it is
    // bounded apart, by the reviews it indexes. Its exact postings of every character and pair
    // (a query shorter than a trigram decodes no text) put it at about 1.45 times /reviews.json.
    const index = diskBytes(join(build, 'deploy', 'worker', 'assets', WORKER_DATA_PREFIX));
    expect((diskBytes(build) - index) / diskBytes(join(build, 'site'))).toBeLessThan(1.1);
    const reviews = manifest.resources[SURFACE.reviews.path];
    expect(index).toBeLessThan(1.5 * statSync(join(build, 'site', reviews?.file ?? '')).size);
  });

  it('pass Netlify’s own parsers without an error, with the headers our server sends', async () => {
    const dir = join(out, 'deploy', 'netlify');
    const headers = await parseAllHeaders({ headersFiles: [join(dir, '_headers')], configHeaders: [], minimal: false });
    expect(headers.errors.map((e) => e.message)).toEqual([]);
    const rules = headers.headers as { for: string; values: Record<string, string> }[];
    for (const [path, entry] of Object.entries(manifest.resources)) {
      const { etag: _e, 'last-modified': _l, ...expected } = resourceHeaders(path, entry, MAX_AGE_S);
      expect(netlifyHeadersFor(rules, path), path).toEqual(expected);
    }
    const redirects = await parseAllRedirects({ redirectsFiles: [join(dir, '_redirects')], configRedirects: [], minimal: false });
    expect(redirects.errors.map((e) => String(e.message ?? e))).toEqual([]);
    const parsed = redirects.redirects as { from: string; to: string; status: number; proxy: boolean }[];
    expect(parsed.map((r) => [r.from, r.to, r.status, r.proxy])).toEqual([
      ['/api', `${SIDECAR_URL}/api`, 200, true],
      ['/api/*', `${SIDECAR_URL}/api/:splat`, 200, true],
      ['/mcp', `${SIDECAR_URL}/mcp`, 200, true],
      ['/mcp/*', `${SIDECAR_URL}/mcp/:splat`, 200, true],
      ['/.well-known', `${SIDECAR_URL}/.well-known`, 200, true],
      ['/.well-known/*', `${SIDECAR_URL}/.well-known/:splat`, 200, true],
    ]);
  });

  it('are read by wrangler pages dev without a warning, within Cloudflare’s limits', async () => {
    const dir = join(out, 'deploy', 'pages');
    const headerRules = readFileSync(join(dir, '_headers'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/')).length;
    expect(headerRules).toBeLessThanOrEqual(CLOUDFLARE.headerRules);
    const routes = JSON.parse(readFileSync(join(dir, '_routes.json'), 'utf8'));
    expect(routes.include.length + routes.exclude.length).toBeLessThanOrEqual(CLOUDFLARE.routeRules);
    expect(statSync(join(dir, '_worker.js')).size).toBeLessThan(CLOUDFLARE.workerBytes);
    const host = await startWrangler(dir);
    try {
      expect(host.output()).toContain(`Parsed ${headerRules} valid header rules.`);
      expect(hostWarnings(host.output())).toEqual([]);
      // Pages' own handling, beyond the parser: the newest since file keeps its JSON type.
      const newest = manifest.since_dates[0] as string;
      const res = await fetch(`${host.url}/api/reviews/since/${newest}`);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('etag')).toBe(manifest.resources[`/api/reviews/since/${newest}`]?.etag);
      await res.arrayBuffer();
    } finally {
      await host.stop();
    }
  });
});
