import type { APIRoute } from 'astro';
import { getDataset, getLocale } from '../build-context.ts';
import { aggregateRating } from '../core/content/aggregate.ts';
import { badgeSvg } from '../core/site/badge.ts';

export const GET: APIRoute = () => new Response(badgeSvg(aggregateRating(getDataset().reviews), getLocale()));
