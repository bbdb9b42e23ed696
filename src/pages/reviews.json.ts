import type { APIRoute } from 'astro';
import { getDataset } from '../build-context.ts';
import { render } from '../core/resources.ts';

export const GET: APIRoute = () => new Response(render.reviews(getDataset()));
