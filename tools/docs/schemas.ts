// Writes the JSON Schemas a site's editor completes its files with: reviews.config.json's from
// the settings' rows, business.json's from its zod schema. Both ship in the package (schemas/);
// test/settings-docs.test.ts fails when a committed one differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { businessJsonSchema } from '../../src/core/schemas/business-json-schema.ts';
import { CONFIG_SCHEMA_FILE, configJsonSchema } from '../../src/settings/config-schema.ts';

export const GENERATED_SCHEMAS: Record<string, () => unknown> = {
  [CONFIG_SCHEMA_FILE]: configJsonSchema,
  'schemas/business.schema.json': businessJsonSchema,
};

export const schemaText = (make: () => unknown): string => `${JSON.stringify(make(), null, 2)}\n`;

if (import.meta.main) {
  for (const [file, make] of Object.entries(GENERATED_SCHEMAS)) {
    const path = new URL(`../../${file}`, import.meta.url);
    const text = schemaText(make);
    let before = '';
    try {
      before = readFileSync(path, 'utf8');
    } catch {}
    if (text !== before) writeFileSync(path, text);
    console.log(text === before ? `${file} is up to date` : `${file} rewritten`);
  }
}
