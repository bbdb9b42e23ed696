// The MCP App's script and stylesheet, made once per build: src/mcp-app/ bundled by esbuild into
// one classic script, and the pages' stylesheet with the app's own rules. The build writes the
// app as /mcp-app/ (src/pages/mcp-app/index.html.ts); both runtimes read it as a built file.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { Brand } from '../core/schemas/brand.ts';
import { type AppBundle, inlineBundle, themedCss } from '../core/site/app-html.ts';
import { siteCss } from '../core/site/site-css.ts';
import { BUNDLES, bundleSource } from '../package/entries.ts';

const source = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The app, in the brand's colours and font (the logo's URL is in the app's data). */
export function bundleMcpApp(brand?: Brand): AppBundle {
  const out = buildSync({
    entryPoints: [bundleSource(BUNDLES.mcpApp)],
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
  const css = `${themedCss(siteCss(readFileSync(source('styles/site.css'), 'utf8'), brand, {}))}\n${readFileSync(source('mcp-app/app.css'), 'utf8')}`;
  return inlineBundle(js, css);
}
