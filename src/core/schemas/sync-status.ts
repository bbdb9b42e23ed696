import { z } from 'zod';

const Instant = z.iso.datetime();
const Count = z.int().min(0);
const Hash = z.string().regex(/^[0-9a-f]{64}$/);

/** How one source's last pass went; `cursor` is where the next incremental pass stops. */
export const SyncSourceStatusSchema = z.object({
  last_attempt_at: Instant,
  last_outcome: z.enum(['ok', 'failed']),
  last_success_at: Instant.optional(),
  error: z.string().optional().describe('Why the last pass failed for this source; never holds a secret'),
  error_kind: z.enum(['configuration', 'authorisation', 'transient', 'data']).optional(),
  sweep: z.enum(['full', 'incremental']).optional().describe('Whether the last pass read every page'),
  pages: Count.optional(),
  added: Count.optional(),
  updated: Count.optional(),
  gone: Count.optional().describe('Reviews of this source the last complete sweep no longer had'),
  pruned: z.boolean().optional(),
  last_full_sweep_at: Instant.optional(),
  cursor: Instant.optional().describe('Google: the newest updateTime merged'),
  content: Hash.optional().describe(
    "Google: SHA-256 of this source's reviews in the content folder when `cursor` was " +
      'set; a pass that finds other content trusts no cursor and reads every page',
  ),
});

/** SYNC_DIR/status.json: written by every pass, read by operators and by the next pass. */
export const SyncStatusSchema = z.object({
  pass: z.object({
    started_at: Instant,
    finished_at: Instant.optional(),
    pid: z.int(),
    outcome: z.enum(['running', 'ok', 'failed']),
    content_changed: z.boolean().optional(),
    built: z.boolean().optional(),
    deployed: z.boolean().optional(),
    published: z.boolean().optional(),
    error: z.string().optional(),
    reading: z.string().optional().describe('The source being read; left behind only by a pass that ended without finishing'),
    repaired: z.string().optional().describe('What this pass found of the pass before it that ended without finishing (killed, or out of memory)'),
  }),
  sources: z.record(z.string(), SyncSourceStatusSchema),
  /** Hash of the content files at each step that last succeeded, so a failed step is retried by the next pass */
  release: z.object({ content: Hash.optional(), built: Hash.optional(), deployed: Hash.optional(), published: Hash.optional() }),
});

export type SyncSourceStatus = z.infer<typeof SyncSourceStatusSchema>;
export type SyncStatus = z.infer<typeof SyncStatusSchema>;
