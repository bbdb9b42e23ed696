// What a site keeps of its job records (content/jobs.json) and of the owner's decisions
// (content/verification.json). No customer's name, email, phone or address: only keyed hashes
// of the name forms, which match a reviewer's name only with the site's key. `.strict()`, so a
// hand edit cannot slip a plain name in.
import { z } from 'zod';
import { JobId as JobIdSchema } from '../schemas/evidence.ts';
import { CalendarDate, Name } from '../schemas/primitives.ts';
import { ReviewIdSchema } from '../schemas/review.ts';

export { JobIdSchema };

export const JOBS_FILE_NAME = 'jobs.json';
export const VERIFICATION_FILE_NAME = 'verification.json';

/** A keyed hash (HMAC-SHA-256, base64url, 43 characters). */
const KeyedHashSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a keyed hash (43 base64url characters)' });

export const FormKindSchema = z.enum(['full', 'nickname', 'first-initial', 'last-initial']);

export const JobRecordSchema = z
  .object({
    id: JobIdSchema.describe("The job's id or number in the business's records"),
    date: CalendarDate.describe('The day of the job'),
    technicians: z.array(Name).describe('Technicians of business.json who did the job'),
    services: z.array(z.string()).describe('Ids of the services of business.json the job was'),
    customer: KeyedHashSchema.describe("Keyed hash of the customer's identity: the same customer on every job"),
    names: z.record(KeyedHashSchema, FormKindSchema).describe("Keyed hashes of the forms of the customer's name a reviewer may show"),
    source: z.enum(['csv', 'jobber', 'housecallpro', 'servicetitan']).describe('The layout of the file it came from'),
  })
  .strict();

export const JobsFileSchema = z
  .object({
    key_check: KeyedHashSchema.describe('The keyed hash of a fixed text: another key gives another one, so hashes of two keys never mix'),
    jobs: z.array(JobRecordSchema),
  })
  .strict();

export const DecisionSchema = z.discriminatedUnion('decision', [
  z.object({ review_id: ReviewIdSchema, decision: z.literal('confirmed'), job_id: JobIdSchema, job_date: CalendarDate }).strict(),
  z.object({ review_id: ReviewIdSchema, decision: z.literal('rejected') }).strict(),
]);

/** An automatic match and why it was made: the name form, and the choice among the customer's jobs. */
export const MatchRecordSchema = z
  .object({
    review_id: ReviewIdSchema,
    job_id: JobIdSchema,
    form: FormKindSchema,
    /** The customer's jobs in the window before the review; the latest was taken */
    jobs_in_window: z.int().min(1),
  })
  .strict();

export const VerificationFileSchema = z
  .object({
    decisions: z.array(DecisionSchema).describe("The owner's decisions (reviews verify confirm / reject): they win over matching"),
    matches: z.array(MatchRecordSchema).describe('The automatic matches of the last run, with their reasons'),
  })
  .strict();

export type JobRecord = z.infer<typeof JobRecordSchema>;
export type JobsFile = z.infer<typeof JobsFileSchema>;
export type Decision = z.infer<typeof DecisionSchema>;
export type MatchRecord = z.infer<typeof MatchRecordSchema>;
export type VerificationFile = z.infer<typeof VerificationFileSchema>;
export type FormKind = z.infer<typeof FormKindSchema>;

export const KEY_CHECK_TEXT = 'reviews-service job matching key check';
