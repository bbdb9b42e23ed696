// The MCP App's script and stylesheet: src/mcp-app/ bundled by esbuild into one classic script,
// and the pages' stylesheet with the app's own rules. The sidecar makes it once per process; the
// build makes it for the Worker, whose bundle carries the result (no esbuild at the edge).
// Whatever a build adds (words, links) goes into the HTML per build (sidecar/mcp/app.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export interface AppBundle {
  js: string;
  css: string;
}

/**
 * The pages follow the reader's setting for dark mode; the app follows the host's theme
 * (hostContext.theme, set on <html data-theme>), and the reader's setting only when the host
 * names none. The dark palette is the pages' own, moved under those selectors.
 */
export function themedCss(siteCss: string): string {
  const dark = /@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}\s*\}/.exec(siteCss);
  if (!dark) throw new Error('src/styles/site.css: no dark palette (@media (prefers-color-scheme: dark) { :root { … } }) to follow the host theme with');
  const vars = (dark[1] as string).trim();
  return siteCss.replace(
    dark[0],
    `:root[data-theme="dark"] { color-scheme: dark; ${vars} }\n:root[data-theme="light"] { color-scheme: light; }\n@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { ${vars} } }`,
  );
}

let bundle: AppBundle | undefined;

export function appBundle(): AppBundle {
  if (bundle) return bundle;
  const out = buildSync({
    entryPoints: [source('mcp-app/main.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const js = out.outputFiles[0]?.text;
  if (!js) throw new Error('esbuild wrote no MCP App script');
  const css = `${themedCss(readFileSync(source('styles/site.css'), 'utf8'))}\n${readFileSync(source('mcp-app/app.css'), 'utf8')}`;
  // nothing in an inline script or style may end its element early
  bundle = { js: js.replace(/<\/(script)/gi, '<\\/$1'), css: css.replace(/<\/(style)/gi, '<\\/$1') };
  return bundle;
}
