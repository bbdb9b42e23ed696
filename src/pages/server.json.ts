import type { APIRoute } from 'astro';
import { getDataset, urls } from '../build-context.ts';
import { serverJson } from '../core/site/mcp-metadata.ts';

export const GET: APIRoute = () => new Response(JSON.stringify(serverJson(getDataset().business.name, urls), null, 2));
