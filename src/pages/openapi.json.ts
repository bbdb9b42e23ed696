import type { APIRoute } from 'astro';
import { urls } from '../build-context.ts';
import { openApiDocument } from '../core/openapi/document.ts';

export const GET: APIRoute = () => new Response(`${JSON.stringify(openApiDocument(urls), null, 2)}\n`);
