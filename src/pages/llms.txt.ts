import type { APIRoute } from 'astro';
import { getDataset, urls } from '../build-context.ts';
import { llmsTxt } from '../core/site/llms-txt.ts';

export const GET: APIRoute = () => new Response(llmsTxt(getDataset(), urls));
