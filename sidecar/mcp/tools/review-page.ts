// What the two paging tools (search_reviews, get_reviews_since) share: a page size that fits
// an agent's context, the choice of review fields, where the next page starts, and long
// texts cut so that a page stays within its budget whatever the reviews' length.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { utf8Length } from '../../../src/core/bytes/utf8.ts';
import { type Review, ReviewSchema } from '../../../src/core/schemas/review.ts';
import { limitParam } from '../../../src/core/search/params.ts';
import { jsonResult } from '../tool.ts';

/** Ten reviews stay well under 16 KB with the result's two copies (structured and text). */
export const MCP_PAGE_SIZE = 10;

export const McpLimit = limitParam(MCP_PAGE_SIZE);

/** A list answer of MCP_PAGE_SIZE reviews stays within this many bytes (the JSON-RPC response, both copies); more reviews get as much per review. */
export const PAGE_BUDGET_BYTES = 16 * 1024;
/** In a list, a text (a review's own, its translation, the owner's reply) longer than this many characters is cut. */
export const TEXT_LIMIT = 1000;
/** Texts are cut shorter, down to this, only where a page of long reviews would not fit its budget otherwise. */
const MIN_TEXT = 80;
/** What the JSON-RPC envelope around a result may take of the budget (id, resultType, serverInfo, SSE framing). */
const ENVELOPE_BYTES = 512;

const FIELDS = Object.keys(ReviewSchema.shape).filter((f) => f !== 'id') as [Exclude<keyof Review, 'id'>, ...Exclude<keyof Review, 'id'>[]];

export const FieldsParam = z.array(z.enum(FIELDS)).min(1).max(FIELDS.length).optional().describe('Only these review fields besides id (all when left out)');

const CUT_FIELDS = ['text', 'translation', 'response'] as const;
type CutField = (typeof CUT_FIELDS)[number];

export const TruncatedSchema = z
  .object(Object.fromEntries(CUT_FIELDS.map((f) => [f, z.int().min(0).optional()])) as Record<CutField, z.ZodOptional<z.ZodInt>>)
  .describe(`Present when a text was cut (past ${TEXT_LIMIT} characters, or less to fit the page): its full length in characters; get_review gives it whole`);

/** A review with every field, or with id and the fields asked for; `truncated` when a text was cut. */
export const ReviewFieldsSchema = z.object(ReviewSchema.shape).partial().required({ id: true }).extend({ truncated: TruncatedSchema.optional() });

export function withFields(reviews: readonly Review[], fields: readonly string[] | undefined): Record<string, unknown>[] {
  if (fields === undefined) return [...reviews];
  const keep = new Set(['id', ...fields]);
  return reviews.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => keep.has(k))));
}

/** The text cut at `limit` characters, at a space where one is near, never inside a surrogate pair, with an ellipsis. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = limit;
  const space = text.lastIndexOf(' ', limit);
  if (space > limit * 0.8) end = space;
  else if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

function cutReview(review: Record<string, unknown>, limit: number): Record<string, unknown> {
  const long = (t: unknown): t is string => typeof t === 'string' && t.length > limit;
  const translation = review.translation as { text: string } | undefined;
  const response = review.response as { text: string } | undefined;
  if (!long(review.text) && !long(translation?.text) && !long(response?.text)) return review;
  const cut: Record<string, unknown> = { ...review };
  const truncated: Partial<Record<CutField, number>> = {};
  if (long(review.text)) {
    cut.text = cutText(review.text, limit);
    truncated.text = review.text.length;
  }
  if (translation && long(translation.text)) {
    cut.translation = { ...translation, text: cutText(translation.text, limit) };
    truncated.translation = translation.text.length;
  }
  if (response && long(response.text)) {
    cut.response = { ...response, text: cutText(response.text, limit) };
    truncated.response = response.text.length;
  }
  cut.truncated = truncated;
  return cut;
}

/**
 * A page of reviews as a tool result: texts past TEXT_LIMIT cut, and cut shorter (the same
 * limit for the whole page) while the answer would be over its budget: 16 KB for ten reviews.
 * `page` builds the structured result around the reviews.
 */
export function reviewPageResult(
  reviews: Record<string, unknown>[],
  limit: number,
  page: (reviews: Record<string, unknown>[]) => Record<string, unknown>,
): CallToolResult {
  const budget = (PAGE_BUDGET_BYTES * Math.max(limit, MCP_PAGE_SIZE)) / MCP_PAGE_SIZE - ENVELOPE_BYTES;
  let textLimit = TEXT_LIMIT;
  for (;;) {
    const structured = page(reviews.map((r) => cutReview(r, textLimit)));
    const result = jsonResult(structured);
    const json = (result.content as { text: string }[])[0]?.text ?? '';
    // the answer holds the JSON twice, once as a string with its quotes escaped: at most three times its bytes
    const fits = utf8Length(json) * 3 <= budget || utf8Length(JSON.stringify(result)) <= budget;
    if (fits || textLimit <= MIN_TEXT) return result;
    textLimit = Math.max(MIN_TEXT, Math.floor(textLimit * 0.6));
  }
}
