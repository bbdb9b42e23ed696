import type { APIRoute } from 'astro';
import { buildContext, getBrandAssets, getDataset, urls } from '../../build-context.ts';
import { reviewSources } from '../../core/search/names.ts';
import { appData } from '../../core/site/app-data.ts';
import { appHtml } from '../../core/site/app-html.ts';

/** The MCP App with this build's business, words and links (MCP's ui://reviews/app.html). */
export const GET: APIRoute = () => {
  const { business, reviews } = getDataset();
  return new Response(
    appHtml(buildContext.mcpApp, appData(business, urls.home, reviewSources(reviews), buildContext.catalogues, getBrandAssets().logo?.inline)),
  );
};
