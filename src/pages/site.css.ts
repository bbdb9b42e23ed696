import type { APIRoute } from 'astro';
import { getBrandAssets, getDataset } from '../build-context.ts';
import { siteCss } from '../core/site/site-css.ts';
import css from '../styles/site.css?inline';

/** The stylesheet as a file, for the facet pages: hundreds of them share one cached copy instead of inlining it. */
export const GET: APIRoute = () => new Response(siteCss(css, getDataset().business.brand, getBrandAssets()));
