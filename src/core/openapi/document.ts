// GET /openapi.json: every HTTP endpoint of the service as OpenAPI 3.1, built from the zod
// schemas the code validates with, so the description cannot drift from the behaviour.

import { ARCHIVE_PAGE_SIZE } from '../documents/archive.ts';
import { FEED_SIZE } from '../feeds/items.ts';
import { SURFACE, type SurfaceRow } from '../http/surface.ts';
import { PATHS, type SiteUrls, topicUrls } from '../http/urls.ts';
import { BusinessSchema } from '../schemas/business.ts';
import { AggregateRatingSchema, ReviewsDocumentSchema, SinceDocumentSchema } from '../schemas/documents.ts';
import { HubFormSchema } from '../schemas/hub.ts';
import { InsightsDocumentSchema } from '../schemas/insights.ts';
import { JsonFeedSchema } from '../schemas/jsonfeed.ts';
import { CalendarDate } from '../schemas/primitives.ts';
import { RatingsDocumentSchema } from '../schemas/ratings.ts';
import { ReviewSchema } from '../schemas/review.ts';
import { SearchResultSchema } from '../schemas/search.ts';
import { SearchParamsShape } from '../search/params.ts';
import { fill, type Text } from '../text/fill.ts';
import { componentSchemas, type JsonSchema, parameterSchema, schemaRef } from './json-schema.ts';
import { MCP_PROTOCOL_VERSION, MCP_TOOLS } from './mcp.ts';
import { ErrorSchema, JsonRpcRequestSchema, JsonRpcResponseSchema, ValidationErrorSchema } from './schemas.ts';
import TEXT from './text.json' with { type: 'json' };

/** The HTTP interface's version: keys are only ever added (see README, The documents). */
export const API_VERSION = '1.0.0';

type Obj = Record<string, unknown>;

const JSON_MEDIA = 'application/json';
const TEXT_MEDIA = 'text/plain';
const HTML_MEDIA = 'text/html';

const OPS = TEXT.operations;
const REPR = TEXT.representations;

const header = (name: keyof typeof TEXT.headers, schema: JsonSchema = { type: 'string' }) => ({ description: TEXT.headers[name], schema });
const ref = (kind: 'headers' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: Obj) => ({ [JSON_MEDIA]: { schema } });
const text = (example: string) => ({ [TEXT_MEDIA]: { schema: { type: 'string' }, example } });

/** The operationId the surface table gives a path. */
function operationOf(row: SurfaceRow): string {
  if (row.operationId === undefined) throw new Error(`${row.path} has no OpenAPI operation in SURFACE`);
  return row.operationId;
}

/** Headers of every published GET (src/core/http/headers.ts resourceHeaders). */
function cachedHeaders(options: { topic?: boolean; lastModified?: boolean } = {}): Obj {
  return {
    ETag: ref('headers', 'ETag'),
    ...(options.lastModified === false ? {} : { 'Last-Modified': ref('headers', 'Last-Modified') }),
    'Cache-Control': ref('headers', 'Cache-Control'),
    'Access-Control-Allow-Origin': ref('headers', 'Access-Control-Allow-Origin'),
    ...(options.topic ? { Link: ref('headers', 'Link') } : {}),
  };
}

type FacetOperation = 'getTechnicianPage' | 'getServicePage' | 'getAreaPage' | 'getStarsPage';

/** A facet page (src/core/site/facets.ts): its path, with the paging every facet page shares. */
function facetPage(path: string, operationId: FacetOperation, parameter: { name: string; schema: JsonSchema }): Obj {
  const text = OPS[operationId];
  const parameters: Record<string, Text> = text.parameters;
  const description = parameters[parameter.name];
  if (description === undefined) throw new Error(`${operationId} has no text for its parameter ${parameter.name} in text.json`);
  return {
    [path]: {
      get: {
        operationId,
        tags: ['Pages'],
        summary: text.summary,
        description: fill(TEXT.facetPage, { what: text.description, pageSize: ARCHIVE_PAGE_SIZE, path }),
        parameters: [{ name: parameter.name, description: fill(description), schema: parameter.schema, in: 'path', required: true }],
        responses: {
          '200': { description: REPR.html, headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } },
          '404': ref('responses', 'NotFound'),
        },
      },
    },
  };
}

interface ReadOptions {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  content: Obj;
  topic?: boolean;
  parameters?: Obj[];
  errors?: Obj;
}

/** A GET of a published (or sidecar-rendered) representation: 200 with validators, or 304. */
function readOperation(o: ReadOptions): Obj {
  return {
    get: {
      operationId: o.operationId,
      tags: o.tags,
      summary: o.summary,
      description: o.description,
      parameters: [...(o.parameters ?? []), ref('parameters', 'If-None-Match'), ref('parameters', 'If-Modified-Since')],
      responses: {
        '200': { description: REPR.current, headers: cachedHeaders({ topic: o.topic ?? false }), content: o.content },
        '304': ref('responses', 'NotModified'),
        ...(o.errors ?? {}),
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

const mcpDescription = () =>
  fill(TEXT.mcp, {
    version: MCP_PROTOCOL_VERSION,
    tools: MCP_TOOLS.map((t) => `${t.name} (${t.description.replace(/\.$/, '')})`).join('; '),
  });

function paths(urls: SiteUrls): Obj {
  const notFound = { '404': ref('responses', 'NotFound') };
  const invalid = { '400': ref('responses', 'ValidationError') };
  const topics = topicUrls(urls);
  const hubAnswers = OPS.websubHub.responses;
  const mcpAnswers = OPS.mcpRequest.responses;
  return {
    '/': {
      get: {
        operationId: 'getHomePage',
        tags: ['Pages'],
        summary: OPS.getHomePage.summary,
        description: fill(OPS.getHomePage.description, { feedSize: FEED_SIZE }),
        responses: { '200': { description: REPR.html, headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    '/reviews/': {
      get: {
        operationId: 'getReviewArchiveIndex',
        tags: ['Pages'],
        summary: OPS.getReviewArchiveIndex.summary,
        responses: { '200': { description: REPR.html, headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    '/reviews/page/{page}/': {
      get: {
        operationId: 'getReviewArchivePage',
        tags: ['Pages'],
        summary: OPS.getReviewArchivePage.summary,
        description: fill(OPS.getReviewArchivePage.description, { pageSize: ARCHIVE_PAGE_SIZE }),
        parameters: [
          { name: 'page', in: 'path', required: true, description: OPS.getReviewArchivePage.parameters.page, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          '200': { description: REPR.html, headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } },
          ...notFound,
        },
      },
    },
    '/api/': {
      get: {
        operationId: 'getApiPage',
        tags: ['Pages'],
        summary: OPS.getApiPage.summary,
        description: OPS.getApiPage.description,
        responses: { '200': { description: REPR.html, headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    ...facetPage('/technicians/{slug}/', 'getTechnicianPage', { name: 'slug', schema: { type: 'string' } }),
    ...facetPage('/services/{id}/', 'getServicePage', { name: 'id', schema: { type: 'string' } }),
    ...facetPage('/areas/{slug}/', 'getAreaPage', { name: 'slug', schema: { type: 'string' } }),
    ...facetPage('/reviews/stars/{stars}/', 'getStarsPage', { name: 'stars', schema: { type: 'integer', minimum: 1, maximum: 5 } }),
    [SURFACE.embed.path]: {
      get: {
        operationId: operationOf(SURFACE.embed),
        tags: ['Embed'],
        summary: OPS.getEmbedPage.summary,
        description: OPS.getEmbedPage.description,
        responses: { '200': { description: REPR.html, headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    [SURFACE.widget.path]: {
      get: {
        operationId: operationOf(SURFACE.widget),
        tags: ['Embed'],
        summary: OPS.getWidgetScript.summary,
        description: fill(OPS.getWidgetScript.description),
        responses: { '200': { description: REPR.javascript, headers: cachedHeaders(), content: { 'text/javascript': { schema: { type: 'string' } } } } },
      },
    },
    [SURFACE.badge.path]: {
      get: {
        operationId: operationOf(SURFACE.badge),
        tags: ['Embed'],
        summary: OPS.getBadge.summary,
        responses: { '200': { description: REPR.svg, headers: cachedHeaders(), content: { 'image/svg+xml': { schema: { type: 'string' } } } } },
      },
    },
    [SURFACE.ratings.path]: readOperation({
      operationId: operationOf(SURFACE.ratings),
      tags: ['Embed'],
      summary: OPS.getRatings.summary,
      description: fill(OPS.getRatings.description),
      content: json(schemaRef('RatingsDocument')),
    }),
    [SURFACE.reviews.path]: readOperation({
      operationId: operationOf(SURFACE.reviews),
      tags: ['Reviews'],
      summary: OPS.getReviews.summary,
      description: OPS.getReviews.description,
      content: json(schemaRef('ReviewsDocument')),
      topic: true,
    }),
    [SURFACE.insights.path]: readOperation({
      operationId: operationOf(SURFACE.insights),
      tags: ['Reviews'],
      summary: OPS.getInsights.summary,
      description: fill(OPS.getInsights.description),
      content: json(schemaRef('InsightsDocument')),
    }),
    [SURFACE.jsonFeed.path]: readOperation({
      operationId: operationOf(SURFACE.jsonFeed),
      tags: ['Feeds'],
      summary: OPS.getJsonFeed.summary,
      description: fill(OPS.getJsonFeed.description, { feedSize: FEED_SIZE }),
      content: json(schemaRef('JsonFeed')),
      topic: true,
    }),
    [SURFACE.atomFeed.path]: readOperation({
      operationId: operationOf(SURFACE.atomFeed),
      tags: ['Feeds'],
      summary: OPS.getAtomFeed.summary,
      description: fill(OPS.getAtomFeed.description, { feedSize: FEED_SIZE }),
      content: { 'application/atom+xml': { schema: { type: 'string' } } },
      topic: true,
    }),
    [SURFACE.search.path]: readOperation({
      operationId: operationOf(SURFACE.search),
      tags: ['Reviews'],
      summary: OPS.searchReviews.summary,
      description: fill(OPS.searchReviews.description),
      parameters: searchParameters(),
      content: json(schemaRef('SearchResult')),
      errors: invalid,
    }),
    [SURFACE.since.path]: readOperation({
      operationId: operationOf(SURFACE.since),
      tags: ['Reviews'],
      summary: OPS.getReviewsSince.summary,
      description: OPS.getReviewsSince.description,
      parameters: [{ name: 'date', in: 'path', required: true, ...parameterSchema(CalendarDate.describe(OPS.getReviewsSince.parameters.date)) }],
      content: json(schemaRef('SinceDocument')),
      errors: invalid,
    }),
    [SURFACE.openapi.path]: {
      get: {
        operationId: operationOf(SURFACE.openapi),
        tags: ['Discovery'],
        summary: OPS.getOpenApiDocument.summary,
        responses: { '200': { description: REPR.openapi, headers: cachedHeaders(), content: json({ type: 'object' }) } },
      },
    },
    [SURFACE.llmsTxt.path]: {
      get: {
        operationId: operationOf(SURFACE.llmsTxt),
        tags: ['Discovery'],
        summary: OPS.getLlmsTxt.summary,
        responses: { '200': { description: REPR.llmsTxt, headers: cachedHeaders(), content: { [TEXT_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    [SURFACE.hub.path]: {
      post: {
        operationId: operationOf(SURFACE.hub),
        tags: ['WebSub'],
        summary: OPS.websubHub.summary,
        description: fill(OPS.websubHub.description, { topics: topics.join(', ') }),
        requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: schemaRef('HubForm') } } },
        responses: {
          '202': {
            description: hubAnswers['202'],
            headers: { 'Cache-Control': ref('headers', 'No-Store') },
            content: text('Accepted: the hub will confirm this subscribe request with a GET to the callback'),
          },
          '400': {
            description: hubAnswers['400'],
            content: text('hub.callback must be an https: URL'),
          },
          '413': { description: hubAnswers['413'], content: text('Request body is larger than 8192 bytes') },
          '415': { description: hubAnswers['415'], content: text('Request body must be application/x-www-form-urlencoded') },
          '429': {
            description: hubAnswers['429'],
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: text('Too many requests for callbacks on example.org'),
          },
          '503': { description: hubAnswers['503'], content: text('The topics could not be read; try again later') },
        },
      },
    },
    [PATHS.mcp]: {
      description: mcpDescription(),
      post: {
        operationId: 'mcpRequest',
        tags: ['MCP'],
        summary: OPS.mcpRequest.summary,
        parameters: [
          ref('parameters', 'Mcp-Session-Id'),
          ref('parameters', 'MCP-Protocol-Version'),
          { name: 'Accept', in: 'header', required: true, schema: { type: 'string', const: 'application/json, text/event-stream' } },
          {
            name: 'Mcp-Method',
            in: 'header',
            required: false,
            description: OPS.mcpRequest.parameters['Mcp-Method'],
            schema: { type: 'string' },
          },
          {
            name: 'Mcp-Name',
            in: 'header',
            required: false,
            description: OPS.mcpRequest.parameters['Mcp-Name'],
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: json(schemaRef('JsonRpcRequest')) },
        responses: {
          '200': {
            description: mcpAnswers['200'],
            headers: { 'Mcp-Session-Id': ref('headers', 'Mcp-Session-Id') },
            content: {
              'text/event-stream': { schema: { type: 'string', description: mcpAnswers['200-stream'] } },
              ...json(schemaRef('JsonRpcResponse')),
            },
          },
          '202': { description: mcpAnswers['202'] },
          '400': {
            description: fill(mcpAnswers['400']),
            content: json(schemaRef('JsonRpcResponse')),
          },
          '403': { description: mcpAnswers['403'], content: json(schemaRef('JsonRpcResponse')) },
          '404': {
            description: mcpAnswers['404'],
            content: json(schemaRef('JsonRpcResponse')),
          },
          '406': { description: mcpAnswers['406'], content: json(schemaRef('JsonRpcResponse')) },
          '413': { description: mcpAnswers['413'], content: json(schemaRef('JsonRpcResponse')) },
          '415': { description: mcpAnswers['415'], content: json(schemaRef('JsonRpcResponse')) },
          '503': {
            description: mcpAnswers['503'],
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(schemaRef('JsonRpcResponse')),
          },
        },
      },
      get: {
        operationId: 'mcpStream',
        tags: ['MCP'],
        summary: OPS.mcpStream.summary,
        description: fill(OPS.mcpStream.description),
        parameters: [{ ...ref('parameters', 'Mcp-Session-Id') }],
        responses: {
          '200': { description: OPS.mcpStream.responses['200'], content: { 'text/event-stream': { schema: { type: 'string' } } } },
          '404': { description: OPS.mcpStream.responses['404'], content: json(schemaRef('JsonRpcResponse')) },
          '405': { description: OPS.mcpStream.responses['405'], headers: { Allow: ref('headers', 'Allow') }, content: json(schemaRef('JsonRpcResponse')) },
        },
      },
      delete: {
        operationId: 'mcpEndSession',
        tags: ['MCP'],
        summary: OPS.mcpEndSession.summary,
        parameters: [{ ...ref('parameters', 'Mcp-Session-Id') }],
        responses: {
          '200': { description: OPS.mcpEndSession.responses['200'] },
          '400': { description: OPS.mcpEndSession.responses['400'], content: json(schemaRef('JsonRpcResponse')) },
          '404': { description: OPS.mcpEndSession.responses['404'], content: json(schemaRef('JsonRpcResponse')) },
        },
      },
    },
  };
}

function components(): Obj {
  return {
    schemas: {
      ...componentSchemas(
        {
          Review: ReviewSchema,
          Business: BusinessSchema,
          AggregateRating: AggregateRatingSchema,
          ReviewsDocument: ReviewsDocumentSchema,
          InsightsDocument: InsightsDocumentSchema,
          SinceDocument: SinceDocumentSchema,
          RatingsDocument: RatingsDocumentSchema,
          SearchResult: SearchResultSchema,
          JsonFeed: JsonFeedSchema,
          Error: ErrorSchema,
          ValidationError: ValidationErrorSchema,
          JsonRpcResponse: JsonRpcResponseSchema,
        },
        'output',
      ),
      ...componentSchemas({ HubForm: HubFormSchema, JsonRpcRequest: JsonRpcRequestSchema }, 'input'),
    },
    headers: {
      ETag: header('ETag', { type: 'string', pattern: '^"[^"]*"$' }),
      'Last-Modified': header('Last-Modified'),
      'Cache-Control': header('Cache-Control'),
      'Access-Control-Allow-Origin': header('Access-Control-Allow-Origin', { type: 'string', const: '*' }),
      Link: header('Link'),
      'Retry-After': header('Retry-After', { type: 'integer', minimum: 0 }),
      Allow: header('Allow'),
      'No-Store': header('No-Store', { type: 'string', const: 'no-store' }),
      'Mcp-Session-Id': header('Mcp-Session-Id'),
    },
    parameters: {
      'If-None-Match': {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: TEXT.parameters['If-None-Match'],
        schema: { type: 'string' },
      },
      'If-Modified-Since': {
        name: 'If-Modified-Since',
        in: 'header',
        required: false,
        description: TEXT.parameters['If-Modified-Since'],
        schema: { type: 'string' },
      },
      'Mcp-Session-Id': {
        name: 'Mcp-Session-Id',
        in: 'header',
        required: false,
        description: TEXT.parameters['Mcp-Session-Id'],
        schema: { type: 'string' },
      },
      'MCP-Protocol-Version': {
        name: 'MCP-Protocol-Version',
        in: 'header',
        required: false,
        description: fill(TEXT.parameters['MCP-Protocol-Version'], { version: MCP_PROTOCOL_VERSION }),
        schema: { type: 'string' },
      },
    },
    responses: {
      NotModified: {
        description: TEXT.responses.NotModified,
        headers: { ETag: ref('headers', 'ETag'), 'Cache-Control': ref('headers', 'Cache-Control') },
      },
      ValidationError: { description: TEXT.responses.ValidationError, content: json(schemaRef('ValidationError')) },
      NotFound: { description: TEXT.responses.NotFound, content: json(schemaRef('Error')) },
    },
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
