import { stripTypeScriptTypes } from 'node:module';
import type { APIRoute } from 'astro';
import { buildContext, getBrandAssets, getDataset, getLocale } from '../build-context.ts';
import { widgetBrand } from '../core/site/widget-brand.ts';
import { widgetScript, widgetWords } from '../core/site/widget-words.ts';
import source from '../widget/reviews-widget.ts?raw';

/** The <reviews-widget> element: its TypeScript source with the types removed and the catalogues' widget words filled in. */
export const GET: APIRoute = () =>
  new Response(
    widgetScript(stripTypeScriptTypes(source), widgetWords(getLocale(), buildContext.catalogues), widgetBrand(getDataset().business, getBrandAssets())),
  );
