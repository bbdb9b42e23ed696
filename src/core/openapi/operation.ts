// The pieces every operation of the OpenAPI document is made of: references into its
// components, media types, the headers of a published GET, and the words of each operation,
// which live in text.json keyed by operationId.
import type { SurfaceRow } from '../http/surface.ts';
import { fill, type Text } from '../text/fill.ts';
import type { JsonSchema } from './json-schema.ts';
import TEXT from './text.json' with { type: 'json' };

export type Obj = Record<string, unknown>;

export { TEXT };
export const JSON_MEDIA = 'application/json';
export const TEXT_MEDIA = 'text/plain';
export const HTML_MEDIA = 'text/html';

export const ref = (kind: 'headers' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
export const json = (schema: Obj) => ({ [JSON_MEDIA]: { schema } });
export const plainText = (example: string) => ({ [TEXT_MEDIA]: { schema: { type: 'string' }, example } });
export const html = { [HTML_MEDIA]: { schema: { type: 'string' } } };

interface OperationText {
  summary: string;
  description?: Text;
  parameters?: Record<string, Text>;
  responses?: Record<string, Text>;
}

/** The words text.json holds for an operation. */
export function textOf(operationId: string): OperationText {
  const text = (TEXT.operations as Record<string, OperationText>)[operationId];
  if (text === undefined) throw new Error(`text.json has no words for the operation ${operationId}`);
  return text;
}

/** An operation's description from text.json, filled. */
export function descriptionOf(operationId: string, values: Record<string, string | number> = {}): string {
  const text = textOf(operationId).description;
  if (text === undefined) throw new Error(`text.json has no description for the operation ${operationId}`);
  return fill(text, values);
}

/** One of an operation's texts (a parameter's, an answer's) from text.json, filled. */
export function partOf(operationId: string, part: 'parameters' | 'responses', name: string, values: Record<string, string | number> = {}): string {
  const text = textOf(operationId)[part]?.[name];
  if (text === undefined) throw new Error(`text.json has no ${part}.${name} for the operation ${operationId}`);
  return fill(text, values);
}

/** The operationId the surface table gives a path. */
export function operationOf(row: SurfaceRow): string {
  if (row.operationId === undefined) throw new Error(`${row.path} has no OpenAPI operation in SURFACE`);
  return row.operationId;
}

/** The keys every operation opens with: its id, its tags and its summary from text.json. */
export function named(operationId: string, tags: readonly string[]): Obj {
  return { operationId, tags, summary: textOf(operationId).summary };
}

/** Headers of every published GET (src/core/http/headers.ts resourceHeaders). */
export function cachedHeaders(options: { topic?: boolean; lastModified?: boolean } = {}): Obj {
  return {
    ETag: ref('headers', 'ETag'),
    ...(options.lastModified === false ? {} : { 'Last-Modified': ref('headers', 'Last-Modified') }),
    'Cache-Control': ref('headers', 'Cache-Control'),
    'Access-Control-Allow-Origin': ref('headers', 'Access-Control-Allow-Origin'),
    ...(options.topic ? { Link: ref('headers', 'Link') } : {}),
  };
}

interface FileOptions {
  tags: readonly string[];
  /** What the 200 answer is (a key of text.json's representations). */
  answer: keyof typeof TEXT.representations;
  content: Obj;
  values?: Record<string, string | number>;
  parameters?: Obj[];
  notFound?: boolean;
}

/** A GET of a built file that has no validators of its own in the document: a page, a script, an image. */
export function fileOperation(operationId: string, o: FileOptions): Obj {
  const text = textOf(operationId);
  return {
    get: {
      ...named(operationId, o.tags),
      ...(text.description === undefined ? {} : { description: fill(text.description, o.values) }),
      ...(o.parameters ? { parameters: o.parameters } : {}),
      responses: {
        '200': { description: TEXT.representations[o.answer], headers: cachedHeaders(), content: o.content },
        ...(o.notFound ? { '404': ref('responses', 'NotFound') } : {}),
      },
    },
  };
}

interface ReadOptions {
  tags: readonly string[];
  content: Obj;
  values?: Record<string, string | number>;
  topic?: boolean;
  parameters?: Obj[];
  errors?: Obj;
}

/** A GET of a published (or sidecar-rendered) representation: 200 with validators, or 304. */
export function readOperation(operationId: string, o: ReadOptions): Obj {
  return {
    get: {
      ...named(operationId, o.tags),
      description: descriptionOf(operationId, o.values),
      parameters: [...(o.parameters ?? []), ref('parameters', 'If-None-Match'), ref('parameters', 'If-Modified-Since')],
      responses: {
        '200': { description: TEXT.representations.current, headers: cachedHeaders({ topic: o.topic ?? false }), content: o.content },
        '304': ref('responses', 'NotModified'),
        ...(o.errors ?? {}),
      },
    },
  };
}

/** A header of the components, its description from text.json. */
export const header = (name: keyof typeof TEXT.headers, schema: JsonSchema = { type: 'string' }) => ({ description: TEXT.headers[name], schema });
