import type { APIRoute, GetStaticPaths } from 'astro';
import { buildContext, getDataset } from '../../../../build-context.ts';
import { render } from '../../../../core/documents/resources.ts';

// Only the newest dates that fit the size budget; the sidecar answers the rest identically.
export const getStaticPaths = (() => buildContext.sinceDates.map((date) => ({ params: { date } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => new Response(render.since(getDataset(), params.date as string));
