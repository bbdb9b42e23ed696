import type { APIRoute } from 'astro';
import { getDataset, getLocale, urls } from '../build-context.ts';
import { render } from '../core/documents/resources.ts';

export const GET: APIRoute = () => new Response(render.atomFeed(getDataset(), urls, getLocale()));
