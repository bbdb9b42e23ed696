// The build is a function: it runs inside the caller's process without changing its working
// directory or its globals, so two builds in one process give the same bytes, side by side too,
// and a build of other content gives other bytes.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { readSettings } from '../../src/settings/index.ts';
import { ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';

const SITE = 'https://reviews.example';

/** Every file of a built site, by its path, with its bytes. */
function siteFiles(outDir: string): Map<string, Buffer> {
  const dir = join(outDir, 'site');
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    entries
      .map((e) => join(e.parentPath, e.name))
      .sort()
      .map((f) => [relative(dir, f), readFileSync(f)]),
  );
}

const build = (contentDir: string, outDir: string) => buildSite(readSettings({ CONTENT_DIR: contentDir, OUT_DIR: outDir, SITE_URL: SITE }), ROOT);

describe('the build as a function', () => {
  const tmp = tempDir('build-in-process');
  const out = (name: string) => join(tmp, name, 'dist');
  const cwd = process.cwd();
  const globals = Reflect.ownKeys(globalThis);
  let other: string;
  beforeAll(() => {
    other = join(tmp, 'other-content');
    cpSync(SMALL_CONTENT, other, { recursive: true });
    const file = join(other, 'business.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Tiny & Sons', 'Tiny & Daughters'));
  });

  it('builds twice in one process, one after the other and side by side, to the same bytes', async () => {
    await build(SMALL_CONTENT, out('first'));
    await build(SMALL_CONTENT, out('second'));
    await Promise.all([build(SMALL_CONTENT, out('third')), build(other, out('other'))]);
    const first = siteFiles(out('first'));
    expect(first.size).toBeGreaterThan(20);
    for (const name of ['second', 'third']) {
      const files = siteFiles(out(name));
      expect([...files.keys()]).toEqual([...first.keys()]);
      for (const [file, bytes] of first) expect(files.get(file)?.equals(bytes), `${name}: ${file}`).toBe(true);
    }
  });

  it('builds other content to other bytes', () => {
    const first = siteFiles(out('first'));
    const other = siteFiles(out('other'));
    const differing = [...first].filter(([file, bytes]) => !other.get(file)?.equals(bytes)).map(([file]) => file);
    expect(differing).toContain('index.html');
    expect(other.get('index.html')?.toString()).toContain('Tiny &amp; Daughters');
    expect(first.get('index.html')?.toString()).not.toContain('Daughters');
  });

  it('leaves the working directory and the globals as they were', () => {
    expect(process.cwd()).toBe(cwd);
    // astroAsset is Astro's own (its image service), set by any Astro build
    expect(Reflect.ownKeys(globalThis).filter((k) => !globals.includes(k) && k !== 'astroAsset')).toEqual([]);
  });
});
