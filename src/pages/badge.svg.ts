import type { APIRoute } from 'astro';
import { getDataset } from '../build-context.ts';
import { aggregateRating } from '../core/aggregate.ts';
import { badgeSvg } from '../core/badge.ts';

export const GET: APIRoute = () => new Response(badgeSvg('reviews', aggregateRating(getDataset().reviews)));
