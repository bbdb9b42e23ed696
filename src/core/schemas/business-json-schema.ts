import { z } from 'zod';
import { BusinessSchema } from './business.ts';

/** business.json's JSON Schema, for editors: what a file may hold (the input side of the zod schema), `$schema` included. */
export function businessJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(BusinessSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown> & { properties: Record<string, unknown> };
  return {
    ...schema,
    title: 'business.json',
    description:
      'The business whose reviews a site publishes (reviews-service). Only name and address.country are required; `reviews check` lists what is worth adding.',
    properties: { $schema: { type: 'string' }, ...schema.properties },
  };
}
