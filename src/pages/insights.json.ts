import type { APIRoute } from 'astro';
import { getDataset } from '../build-context.ts';
import { render } from '../core/documents/resources.ts';

export const GET: APIRoute = () => new Response(render.insights(getDataset()));
