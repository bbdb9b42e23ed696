// `npm pack` and `npm publish` run this first (prepack): the engine a site installs. Node strips
// no TypeScript under node_modules, so lib/ gets every TypeScript file of the folders that ship
// (tsconfig.pack.json) compiled to JavaScript with declarations, and beside them, as they are,
// only what the site's own build compiles or reads itself: Astro's files, the styles and data,
// the widget's source (served with its types stripped), the sources esbuild bundles, public/ and
// astro.config.mjs. A file ships in both forms only where esbuild bundles it and Node runs it
// too. lib/ mirrors the repository's layout, so every path a file finds from its own location
// holds in both.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES } from '../src/package/entries.ts';
import { bundledSources } from './bundled-sources.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LIB = join(ROOT, 'lib');
/** The folders that ship, compiled (tsconfig.pack.json includes the same). */
const SHIPPED = ['src', 'sidecar', 'scripts'];
/** Read by the build as a source: `?raw` in src/pages/widget.js.ts. */
const RAW_SOURCES = ['src/widget/reviews-widget.ts'];
const IMPORT_RE = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)(?:\?[^'"]*)?['"]/g;

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

/** The files of lib/ that Node loads or Astro compiles: the entries, the pages and Astro's files, and what they import. */
function reached(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(join(LIB, file))) return;
    seen.add(file);
    for (const [, spec] of readFileSync(join(LIB, file), 'utf8').matchAll(IMPORT_RE)) {
      const target = normalize(join(dirname(file), spec as string));
      visit(target.endsWith('.ts') && !existsSync(join(LIB, target)) ? `${target.slice(0, -'.ts'.length)}.js` : target);
    }
  };
  for (const root of roots) visit(root);
  return seen;
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
const bundled = await bundledSources(ROOT);
const astroFiles = SHIPPED.flatMap(filesUnder).filter((f) => /\.(astro|css|json)$/.test(f));
for (const file of [...astroFiles, ...RAW_SOURCES, ...bundled]) cpSync(join(ROOT, file), join(LIB, file));
for (const file of RAW_SOURCES) for (const ext of ['.js', '.d.ts']) rmSync(join(LIB, `${stem(file)}${ext}`), { force: true });
// The compiled form of a bundled source goes where nothing Node or Astro loads imports it.
const used = reached([...Object.values(ENTRIES).map((e) => `${e}.js`), ...filesUnder('lib/src/pages').map((f) => f.slice('lib/'.length)), ...astroFiles]);
const bundleOnly = bundled.filter((file) => !used.has(`${stem(file)}.js`));
for (const file of bundleOnly) for (const ext of ['.js', '.d.ts']) rmSync(join(LIB, `${stem(file)}${ext}`), { force: true });
for (const source of ['public', 'astro.config.mjs']) cpSync(join(ROOT, source), join(LIB, source), { recursive: true });
const entries = Object.values(ENTRIES).filter((entry) => existsSync(join(ROOT, `${entry}.ts`)));
const missing = entries.filter((entry) => !existsSync(join(LIB, `${entry}.js`)));
if (missing.length > 0) {
  console.error(`prepack: ${missing.join(', ')} not compiled: each entry belongs under ${SHIPPED.join(', ')} (tsconfig.pack.json)`);
  process.exit(1);
}
console.error(
  `prepack: ${SHIPPED.join(', ')} compiled into lib/ (${entries.length} entries), with the sources Astro compiles itself and the ${bundled.length} sources esbuild bundles (${bundled.length - bundleOnly.length} of them Node runs too)`,
);
