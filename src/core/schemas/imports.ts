import { z } from 'zod';

const Count = z.int().min(0);

/** What the last `npm run import` of one source found: written to imports.json beside reviews.json. */
export const ImportRecordSchema = z.object({
  in_export: Count.describe('Records the export holds'),
  imported: Count.describe('Reviews taken from it (new, updated or unchanged)'),
  left_out: z.record(z.string(), Count).describe('Records not imported, by reason (e.g. no_star_rating); never by rating'),
  newest: z
    .object({ id: z.string().min(1).max(512), at: z.iso.datetime() })
    .optional()
    .describe("The sync's last read of the source: its newest review's own id and when it last changed; the no-server Worker watches for anything newer"),
});

/** imports.json: one record per source, keyed by source name. Optional; hand-written content has none. */
export const ImportsSchema = z.record(z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/), ImportRecordSchema);

/** The `review_counts` key of /reviews.json, present when the content came in through `npm run import`. */
export const ReviewCountsSchema = z.object({
  in_content: Count.describe('Reviews in reviews.json'),
  published: Count.describe('Reviews published here: all of them, or with PUBLISH_REVIEWS=verified those with evidence'),
  left_out: z
    .object({ unverified: Count.describe('Left out for want of evidence that the reviewer is a customer (PUBLISH_REVIEWS=verified); never for the rating') })
    .describe('Reviews in reviews.json not published, by reason'),
  imports: ImportsSchema.describe('Per source: what the last import found and left out, by reason'),
});

export type ImportRecord = z.infer<typeof ImportRecordSchema>;
export type Imports = z.infer<typeof ImportsSchema>;
export type ReviewCounts = z.infer<typeof ReviewCountsSchema>;
