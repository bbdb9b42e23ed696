import type { APIRoute } from 'astro';
import { getDataset, urls } from '../build-context.ts';
import { render } from '../core/documents/resources.ts';

export const GET: APIRoute = () => new Response(render.atomFeed(getDataset(), urls));
