// `npm pack` and `npm publish` run this first (prepack): the engine a site installs. Node strips
// no TypeScript under node_modules, so lib/ gets every TypeScript file of the folders that ship
// (tsconfig.pack.json) compiled to JavaScript with declarations, and beside them, as they are,
// only what the site's own build compiles or reads itself: Astro's files, the styles and data,
// the widget's source (served with its types stripped), public/ and astro.config.mjs. Each file
// ships in one form; esbuild bundles the compiled JavaScript (src/package/entries.ts). lib/
// mirrors the repository's layout, so every path a file finds from its own location holds in both.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES } from '../src/package/entries.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIB = join(ROOT, 'lib');
/** The folders that ship, compiled (tsconfig.pack.json includes the same). */
const SHIPPED = ['src', 'sidecar', 'scripts'];
/** Read by the build as a source: `?raw` in src/pages/widget.js.ts. */
const RAW_SOURCES = ['src/widget/reviews-widget.ts'];

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

rmSync(LIB, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '--project', 'tsconfig.pack.json'], { cwd: ROOT, stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error('prepack: compiling the engine to JavaScript failed (above); nothing was packed.');
  process.exit(1);
}
const stem = (file: string) => file.slice(0, -'.ts'.length);
// Astro would take a declaration under src/pages/ for a page of its own.
for (const file of filesUnder('lib/src/pages').filter((f) => f.endsWith('.d.ts'))) rmSync(join(ROOT, file));
const astroFiles = SHIPPED.flatMap(filesUnder).filter((f) => /\.(astro|css|json)$/.test(f));
for (const file of [...astroFiles, ...RAW_SOURCES]) cpSync(join(ROOT, file), join(LIB, file));
for (const file of RAW_SOURCES) for (const ext of ['.js', '.d.ts']) rmSync(join(LIB, `${stem(file)}${ext}`), { force: true });
for (const source of ['public', 'astro.config.mjs']) cpSync(join(ROOT, source), join(LIB, source), { recursive: true });
const entries = Object.values(ENTRIES).filter((entry) => existsSync(join(ROOT, `${entry}.ts`)));
const missing = entries.filter((entry) => !existsSync(join(LIB, `${entry}.js`)));
if (missing.length > 0) {
  console.error(`prepack: ${missing.join(', ')} not compiled: each entry belongs under ${SHIPPED.join(', ')} (tsconfig.pack.json)`);
  process.exit(1);
}
console.error(`prepack: ${SHIPPED.join(', ')} compiled into lib/ (${entries.length} entries), with the sources Astro compiles itself`);
