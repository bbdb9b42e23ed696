import { toolDescriptions } from './catalog.ts';
import { TOOLS } from './tools/index.ts';

/**
 * Pays, ahead of any request, what the first call of each tool would otherwise pay once per
 * process: the catalogue's JSON Schemas (converted from zod once) and zod's first use of each
 * input and output schema. The Worker calls it when an isolate starts.
 */
export function warmTools(): void {
  toolDescriptions();
  for (const { config } of TOOLS) {
    config.inputSchema.safeParse({});
    config.outputSchema.safeParse({});
  }
}
