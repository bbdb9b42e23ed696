import type { APIRoute } from 'astro';
import { getDataset, urls } from '../../build-context.ts';
import { serializeJson } from '../../core/http/media.ts';
import { ratingsDocument } from '../../core/site/ratings.ts';

export const GET: APIRoute = () => new Response(serializeJson(ratingsDocument(getDataset(), urls)));
