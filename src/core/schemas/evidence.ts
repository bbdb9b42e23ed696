import { z } from 'zod';
import { CalendarDate, Name, Slug } from './primitives.ts';

/** A job's id as the business's records give it (ServiceTitan's numbers, Jobber's job numbers, a CSV's own). */
export const JobId = z.string().trim().min(1, { message: 'must not be empty' }).max(100);

/**
 * Why a review counts as a verified customer's: a job on the business's records, the platform it came
 * from, or the owner's hand. A review with none of these is published unverified, never called verified.
 */
export const EvidenceSchema = z
  .discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('job'),
        job_id: JobId.describe("The job's id on the business's records"),
        job_date: CalendarDate.describe('The day of the job'),
        by: z.enum(['match', 'owner']).describe('"match": matched automatically by name and date; "owner": the business confirmed the match'),
      })
      .describe("Matched to a job on the business's records"),
    z
      .object({
        kind: z.literal('platform'),
        platform: Slug.describe('The platform that verified the reviewer, e.g. "trustpilot"'),
      })
      .describe('The platform the review came from says the reviewer is verified'),
    z.object({ kind: z.literal('owner') }).describe('The business marked the review verified by hand in its content'),
  ])
  .describe("Why the review counts as a verified customer's; absent when nothing shows it");

export type Evidence = z.infer<typeof EvidenceSchema>;
export type EvidenceKind = Evidence['kind'];
export const EVIDENCE_KINDS: readonly EvidenceKind[] = ['job', 'platform', 'owner'];

export const CreditedSchema = z
  .object({
    technicians: z.array(Name).describe('Technicians of the matched job (each also in `technicians`)'),
    services: z.array(z.string()).describe('Service of the matched job, by id (each also in `services`)'),
  })
  .describe('What the matched job credits the review with; `technicians` and `services` hold these and what the text mentions');

export type Credited = z.infer<typeof CreditedSchema>;

/**
 * The reading rule for content written before evidence existed: a hand-set `verified: true`
 * with no `evidence` is the owner's word. Anything else is read as written.
 */
export function withLegacyEvidence(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const r = raw as Record<string, unknown>;
  return r.verified === true && r.evidence === undefined ? { ...r, evidence: { kind: 'owner' } } : raw;
}

const Count = z.int().min(0);

/** How many published reviews carry each kind of evidence, and how many none. */
export const EvidenceCountsSchema = z
  .object({
    job: Count.describe("Matched to a job on the business's records"),
    platform: Count.describe('Verified by the platform they came from'),
    owner: Count.describe('Marked verified by the business by hand'),
    none: Count.describe('Without evidence that the reviewer is a customer'),
  })
  .describe('Published reviews by the kind of evidence that the reviewer is a customer');
