import type { Plugin } from 'vite';
import type { Dataset } from '../core/content/dataset.ts';
import type { Catalogue } from '../core/i18n/catalogue.ts';
import type { InsightsDocument } from '../core/schemas/insights.ts';
import type { AppBundle } from '../core/site/app-html.ts';
import type { BrandAssets } from '../core/site/brand.ts';

/**
 * What the pages are rendered from, prepared once by the build (or `npm run dev`) before
 * Astro starts: the content validated once, its insights analysed once. Plain data, so that
 * it can travel as a module.
 */
export interface BuildContext {
  siteUrl: string;
  dataset: Dataset;
  /** The analysis behind /insights.json, the home page and the facet pages. */
  insights: InsightsDocument;
  /** The since dates to pre-render, newest first, within the size budget. */
  sinceDates: string[];
  /** Every catalogue: the pages' language is picked from them, and the widget, which a host page may set to another language, carries them all. */
  catalogues: Readonly<Record<string, Catalogue>>;
  /** The MCP App's script and stylesheet, bundled from src/mcp-app/ (src/build/mcp-app.ts). */
  mcpApp: AppBundle;
  /** Where the brand's files from the content folder are served (the logo, favicon, font, theme.css). */
  brand: BrandAssets;
}

/** The module the pages import the context from (declared for tsc in src/env.d.ts). */
const CONTEXT_MODULE = 'virtual:reviews-service/build-context';
// The NUL prefix keeps other plugins from treating the id as a file (Vite's convention for virtual modules).
const RESOLVED = `\0${CONTEXT_MODULE}`;

/**
 * The build context as a virtual module of this one build's (or dev server's) Vite graph: each
 * Astro run gets its own plugin with its own data, so nothing is shared through the process
 * and two builds can run side by side. The data is inlined as JSON, which the pages' bundle
 * parses once.
 */
export function contextModule(context: BuildContext): Plugin {
  const code = `export default JSON.parse(${JSON.stringify(JSON.stringify(context))});\n`;
  return {
    name: 'reviews-service:build-context',
    resolveId: (id) => (id === CONTEXT_MODULE ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? code : undefined),
  };
}
