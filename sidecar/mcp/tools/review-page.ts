// What the two paging tools (search_reviews, get_reviews_since) share: a page size that fits
// an agent's context, the choice of review fields, and where the next page starts.
import { z } from 'zod';
import { type Review, ReviewSchema } from '../../../src/core/schemas/review.ts';
import { limitParam } from '../../../src/core/search/params.ts';

/** Ten full reviews stay well under 16 KB with the result's two copies (structured and text). */
export const MCP_PAGE_SIZE = 10;

export const McpLimit = limitParam(MCP_PAGE_SIZE);

const FIELDS = Object.keys(ReviewSchema.shape).filter((f) => f !== 'id') as [Exclude<keyof Review, 'id'>, ...Exclude<keyof Review, 'id'>[]];

export const FieldsParam = z.array(z.enum(FIELDS)).min(1).max(FIELDS.length).optional().describe('Only these review fields besides id (all when left out)');

/** A review with every field, or with id and the fields asked for. */
export const ReviewFieldsSchema = z.object(ReviewSchema.shape).partial().required({ id: true });

export function withFields(reviews: readonly Review[], fields: readonly string[] | undefined): Record<string, unknown>[] {
  if (fields === undefined) return [...reviews];
  const keep = new Set(['id', ...fields]);
  return reviews.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => keep.has(k))));
}
