// The JSON Schema of reviews.config.json, from the same rows as the settings table of docs/settings.md:
// one property per setting that is not a secret, its type from the row's parser, its default
// and meaning from the row (npm run docs:settings writes it to schemas/; a test compares).

import { ALL_SETTINGS } from './all.ts';
import { configKey } from './config-file.ts';
import type { Setting } from './table.ts';

export const CONFIG_SCHEMA_FILE = 'schemas/reviews.config.schema.json';

export function configJsonSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = { $schema: { type: 'string', description: 'where an editor finds this schema' } };
  for (const [name, row] of Object.entries(ALL_SETTINGS)) {
    if (row.secret) continue;
    properties[configKey(name)] = { ...valueType(row), default: typedDefault(row), description: `${name}: ${row.help}` };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'reviews.config.json',
    description: "A site's settings (every one that is not a secret); the environment and a .env file override them. See docs/configuration.md.",
    type: 'object',
    properties,
    additionalProperties: false,
  };
}

function valueType(row: Setting): Record<string, unknown> {
  if (row.parse.json) return { ...row.parse.json };
  const value = typedDefault(row);
  return { type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string' };
}

function typedDefault(row: Setting): unknown {
  const value = row.parse(row.default);
  if (row.parse.json?.type === 'integer' || row.parse.json?.type === 'boolean' || typeof value === 'number') return value;
  return row.default;
}
