import type { APIRoute } from 'astro';
import css from '../styles/site.css?inline';

/** The stylesheet as a file, for the facet pages: hundreds of them share one cached copy instead of inlining it. */
export const GET: APIRoute = () => new Response(css);
