// zod 4 → JSON Schema 2020-12, the dialect of OpenAPI 3.1 (OAS 3.1 §4.8.24: the Schema
// Object is a superset of JSON Schema draft 2020-12), shaped for `components.schemas`.
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Drops what belongs to standalone schemas, not to a schema embedded in an OpenAPI document. */
function embed(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * Responses may gain keys (the contract: keys are added, never removed), so a client
 * must not reject unknown ones: `additionalProperties: false` is removed everywhere.
 */
function open(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(open);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'additionalProperties' && v === false) continue;
    out[key] = open(v);
  }
  return out;
}

/**
 * Named schemas as `components.schemas`: a schema used inside another named one becomes
 * a `$ref`. `io: 'output'` describes what the service sends (defaults applied, so the
 * fields are required), `io: 'input'` what a client sends.
 */
export function componentSchemas(named: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', io, uri: (id) => schemaRef(id).$ref });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) out[id] = embed(io === 'output' ? (open(schema) as JsonSchema) : schema);
  return out;
}

/** One parameter's schema (the description goes on the parameter itself). */
export function parameterSchema(schema: z.ZodType): { schema: JsonSchema; description: string | undefined } {
  const { description, ...rest } = embed(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }));
  return { schema: rest, description: typeof description === 'string' ? description : undefined };
}
