// GET /openapi.json: every HTTP endpoint of the service as OpenAPI 3.1, built from the zod
// schemas the code validates with, so the description cannot drift from the behaviour. Its words
// are in text.json; the hub's and MCP's paths and the components have files of their own.

import { ARCHIVE_PAGE_SIZE } from '../documents/archive.ts';
import { FEED_SIZE } from '../feeds/items.ts';
import { SURFACE } from '../http/surface.ts';
import type { SiteUrls } from '../http/urls.ts';
import { CalendarDate } from '../schemas/primitives.ts';
import { SearchParamsShape } from '../search/params.ts';
import { fill } from '../text/fill.ts';
import { components } from './components.ts';
import { hubPath } from './hub-path.ts';
import { type JsonSchema, parameterSchema, schemaRef } from './json-schema.ts';
import { mcpPath } from './mcp-path.ts';
import {
  cachedHeaders,
  descriptionOf,
  fileOperation,
  html,
  json,
  named,
  type Obj,
  operationOf,
  partOf,
  readOperation,
  ref,
  TEXT,
  TEXT_MEDIA,
} from './operation.ts';

/** The HTTP interface's version: keys are only ever added (see README, The documents). */
export const API_VERSION = '1.0.0';

/** A facet page (src/core/site/facets.ts): its path, with the paging every facet page shares. */
function facetPage(path: string, operationId: string, parameter: { name: string; schema: JsonSchema }): Obj {
  return {
    [path]: {
      get: {
        ...named(operationId, ['Pages']),
        description: fill(TEXT.facetPage, { what: descriptionOf(operationId), pageSize: ARCHIVE_PAGE_SIZE, path }),
        parameters: [
          { name: parameter.name, description: partOf(operationId, 'parameters', parameter.name), schema: parameter.schema, in: 'path', required: true },
        ],
        responses: {
          '200': { description: TEXT.representations.html, headers: cachedHeaders(), content: html },
          '404': ref('responses', 'NotFound'),
        },
      },
    },
  };
}

function searchParameters(): Obj[] {
  return Object.entries(SearchParamsShape).map(([name, zodSchema]) => {
    const { schema, description } = parameterSchema(zodSchema);
    return { name, in: 'query', required: false, ...(description ? { description } : {}), schema };
  });
}

function paths(urls: SiteUrls): Obj {
  const invalid = { '400': ref('responses', 'ValidationError') };
  const page = { tags: ['Pages'], answer: 'html', content: html } as const;
  const embed = { ...page, tags: ['Embed'] };
  return {
    '/': fileOperation('getHomePage', { ...page, values: { feedSize: FEED_SIZE } }),
    '/reviews/': fileOperation('getReviewArchiveIndex', page),
    '/reviews/page/{page}/': fileOperation('getReviewArchivePage', {
      ...page,
      values: { pageSize: ARCHIVE_PAGE_SIZE },
      parameters: [
        {
          name: 'page',
          in: 'path',
          required: true,
          description: partOf('getReviewArchivePage', 'parameters', 'page'),
          schema: { type: 'integer', minimum: 1 },
        },
      ],
      notFound: true,
    }),
    '/api/': fileOperation('getApiPage', page),
    ...facetPage('/technicians/{slug}/', 'getTechnicianPage', { name: 'slug', schema: { type: 'string' } }),
    ...facetPage('/services/{id}/', 'getServicePage', { name: 'id', schema: { type: 'string' } }),
    ...facetPage('/areas/{slug}/', 'getAreaPage', { name: 'slug', schema: { type: 'string' } }),
    ...facetPage('/reviews/stars/{stars}/', 'getStarsPage', { name: 'stars', schema: { type: 'integer', minimum: 1, maximum: 5 } }),
    [SURFACE.embed.path]: fileOperation(operationOf(SURFACE.embed), embed),
    [SURFACE.widget.path]: fileOperation(operationOf(SURFACE.widget), {
      tags: ['Embed'],
      answer: 'javascript',
      content: { 'text/javascript': { schema: { type: 'string' } } },
    }),
    [SURFACE.badge.path]: fileOperation(operationOf(SURFACE.badge), {
      tags: ['Embed'],
      answer: 'svg',
      content: { 'image/svg+xml': { schema: { type: 'string' } } },
    }),
    [SURFACE.ratings.path]: readOperation(operationOf(SURFACE.ratings), { tags: ['Embed'], content: json(schemaRef('RatingsDocument')) }),
    [SURFACE.reviews.path]: readOperation(operationOf(SURFACE.reviews), { tags: ['Reviews'], content: json(schemaRef('ReviewsDocument')), topic: true }),
    [SURFACE.insights.path]: readOperation(operationOf(SURFACE.insights), { tags: ['Reviews'], content: json(schemaRef('InsightsDocument')) }),
    [SURFACE.jsonFeed.path]: readOperation(operationOf(SURFACE.jsonFeed), {
      tags: ['Feeds'],
      values: { feedSize: FEED_SIZE },
      content: json(schemaRef('JsonFeed')),
      topic: true,
    }),
    [SURFACE.atomFeed.path]: readOperation(operationOf(SURFACE.atomFeed), {
      tags: ['Feeds'],
      values: { feedSize: FEED_SIZE },
      content: { 'application/atom+xml': { schema: { type: 'string' } } },
      topic: true,
    }),
    [SURFACE.search.path]: readOperation(operationOf(SURFACE.search), {
      tags: ['Reviews'],
      parameters: searchParameters(),
      content: json(schemaRef('SearchResult')),
      errors: invalid,
    }),
    [SURFACE.since.path]: readOperation(operationOf(SURFACE.since), {
      tags: ['Reviews'],
      parameters: [
        { name: 'date', in: 'path', required: true, ...parameterSchema(CalendarDate.describe(partOf(operationOf(SURFACE.since), 'parameters', 'date'))) },
      ],
      content: json(schemaRef('SinceDocument')),
      errors: invalid,
    }),
    [SURFACE.openapi.path]: fileOperation(operationOf(SURFACE.openapi), { tags: ['Discovery'], answer: 'openapi', content: json({ type: 'object' }) }),
    [SURFACE.llmsTxt.path]: fileOperation(operationOf(SURFACE.llmsTxt), {
      tags: ['Discovery'],
      answer: 'llmsTxt',
      content: { [TEXT_MEDIA]: { schema: { type: 'string' } } },
    }),
    ...hubPath(urls),
    ...mcpPath(),
  };
}

/** The whole OpenAPI 3.1 document for the service at `urls.base`. Deterministic. */
export function openApiDocument(urls: SiteUrls) {
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: TEXT.info.title,
      version: API_VERSION,
      summary: TEXT.info.summary,
      description: fill(TEXT.info.description, { base: urls.base }),
    },
    servers: [{ url: urls.base }],
    // No authentication anywhere: an empty requirement list (OpenAPI 3.1 §4.8.10).
    security: [],
    tags: Object.entries(TEXT.tags).map(([name, description]) => ({ name, description: fill(description, { feedSize: FEED_SIZE }) })),
    paths: paths(urls),
    components: components(),
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
