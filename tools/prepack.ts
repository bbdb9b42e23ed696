// `npm pack` and `npm publish` run this first (prepack): the engine a site installs. Node strips
// no TypeScript under node_modules, so lib/ gets the entry files (tsconfig.pack.json) and what
// they import compiled to JavaScript with declarations, beside the sources that the build reads
// as sources: Astro's pages, components and styles, the Worker's entry that esbuild bundles,
// public/ and astro.config.mjs. lib/ mirrors the repository's layout, so every path a file
// finds from its own location holds in both.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES } from '../src/package/entries.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIB = join(ROOT, 'lib');
const SOURCES = ['src', 'sidecar', 'public', 'astro.config.mjs'];

rmSync(LIB, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '--project', 'tsconfig.pack.json'], { cwd: ROOT, stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error('prepack: compiling the engine to JavaScript failed (above); nothing was packed.');
  process.exit(1);
}
for (const source of SOURCES) cpSync(join(ROOT, source), join(LIB, source), { recursive: true });
// every entry the command runs that exists here is compiled (tsconfig.pack.json lists them)
const entries = Object.values(ENTRIES).filter((entry) => existsSync(join(ROOT, `${entry}.ts`)));
const missing = entries.filter((entry) => !existsSync(join(LIB, `${entry}.js`)));
if (missing.length > 0) {
  console.error(`prepack: ${missing.join(', ')} not compiled: add each to the include list of tsconfig.pack.json`);
  process.exit(1);
}
console.error(`prepack: ${entries.length} entry files compiled into lib/, with the sources Astro and esbuild read`);
