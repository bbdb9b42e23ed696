import { aggregateRating } from '../../src/core/content/aggregate.ts';
import type { Business } from '../../src/core/schemas/business.ts';
import { toolDescriptions } from './catalog.ts';
import { GetBusinessOutput } from './tools/get-business.ts';
import { TOOLS } from './tools/index.ts';

/**
 * Pays, ahead of any request, what the first call of each tool would otherwise pay once per
 * process: the catalogue's JSON Schemas (converted from zod once) and zod's first use of each
 * input and output schema. The Worker calls it when an isolate starts, with the business its
 * script carries: a valid value walks every nested schema of get_business's output, which an
 * empty object stops at the first key.
 */
export function warmTools(business?: Business): void {
  toolDescriptions();
  for (const { config } of TOOLS) {
    config.inputSchema.safeParse({});
    config.outputSchema.safeParse({});
  }
  if (business) GetBusinessOutput.safeParse({ business, aggregate_rating: aggregateRating([]) });
}
