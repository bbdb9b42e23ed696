// The components of the OpenAPI document: the schemas, made from the zod schemas the code
// validates with, and the headers, parameters and answers the operations refer to.
import { BusinessSchema } from '../schemas/business.ts';
import { AggregateRatingSchema, ReviewsDocumentSchema, SinceDocumentSchema } from '../schemas/documents.ts';
import { HubFormSchema } from '../schemas/hub.ts';
import { InsightsDocumentSchema } from '../schemas/insights.ts';
import { JsonFeedSchema } from '../schemas/jsonfeed.ts';
import { RatingsDocumentSchema } from '../schemas/ratings.ts';
import { ReviewSchema } from '../schemas/review.ts';
import { SearchResultSchema } from '../schemas/search.ts';
import { fill } from '../text/fill.ts';
import { componentSchemas, schemaRef } from './json-schema.ts';
import { MCP_PROTOCOL_VERSION } from './mcp.ts';
import { header, json, type Obj, ref, TEXT } from './operation.ts';
import { ErrorSchema, JsonRpcRequestSchema, JsonRpcResponseSchema, ValidationErrorSchema } from './schemas.ts';

export function components(): Obj {
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
