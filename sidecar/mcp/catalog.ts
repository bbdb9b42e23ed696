import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { SiteSnapshot } from '../site/snapshot.ts';
import { APP_RESOURCE } from './app.ts';
import { compactInputSchema, compactOutputSchema } from './compact-schema.ts';
import { DATASETS, JSON_MIME, REVIEW_TEMPLATE, REVIEW_TEMPLATE_METADATA } from './resources.ts';
import { TOOLS } from './tools/index.ts';

/** A tool as tools/list describes it: the JSON Schema SDK 1.32.2 writes, made compact (compact-schema.ts). */
function describeTool(tool: (typeof TOOLS)[number]) {
  const { inputSchema, outputSchema, ...rest } = tool.config;
  const input = normalizeObjectSchema(inputSchema);
  const output = normalizeObjectSchema(outputSchema);
  if (!input || !output) throw new Error(`tool ${tool.name}: input and output schemas must be zod objects`);
  return {
    name: tool.name,
    ...rest,
    inputSchema: compactInputSchema(toJsonSchemaCompat(input, { strictUnions: true, pipeStrategy: 'input' })),
    outputSchema: compactOutputSchema(toJsonSchemaCompat(output, { strictUnions: true, pipeStrategy: 'output' })),
  };
}

let tools: ReturnType<typeof describeTool>[] | undefined;

/** Every tool described, converted from zod once per process (the definitions never change at runtime). */
export function toolDescriptions(): ReturnType<typeof describeTool>[] {
  tools ??= TOOLS.map(describeTool);
  return tools;
}

/** resources/list: the datasets at their public URLs (they depend on the build's base URL), then the app. */
export function resourceDescriptions(snapshot: SiteSnapshot) {
  return [...DATASETS.map(({ name, title, description, url }) => ({ uri: url(snapshot), name, title, description, mimeType: JSON_MIME })), APP_RESOURCE];
}

/** resources/templates/list */
export const RESOURCE_TEMPLATES = [{ name: 'review', uriTemplate: REVIEW_TEMPLATE, ...REVIEW_TEMPLATE_METADATA }];
