import { stripTypeScriptTypes } from 'node:module';
import type { APIRoute } from 'astro';
import source from '../widget/reviews-widget.ts?raw';

/** The <reviews-widget> element: its TypeScript source with the types removed, nothing else. */
export const GET: APIRoute = () => new Response(stripTypeScriptTypes(source));
