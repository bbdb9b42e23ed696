import { z } from 'zod';
import { BrandSchema } from './brand.ts';
import { LanguageTag, Name, Slug, Text } from './primitives.ts';
import { isTimeZone } from './time-zone.ts';

export const ServiceSchema = z.object({
  id: Slug.describe('Stable service id, used by mentions_service'),
  name: Name,
  synonyms: z.array(Name).default([]).describe('Other words customers use for this service'),
});

export const TechnicianSchema = z.object({
  name: Name.describe('Full name as customers know it'),
  role: Name.optional(),
});

/** Only the country is required: a service-area business (a plumber who drives to the job) has no street address to show, and Google hides it. */
export const AddressSchema = z.object({
  street_address: Name.optional(),
  locality: Name.optional(),
  region: Name.optional(),
  postal_code: Name.optional(),
  country: Name.describe('ISO 3166-1 alpha-2 code'),
});

export const BusinessSchema = z
  .object({
    name: Name,
    description: Text.optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe("The business's own website; many small businesses have only a profile (same_as)"),
    telephone: Name.optional(),
    email: z.email().optional(),
    address: AddressSchema,
    geo: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
    opening_hours: z.array(Name).default([]).describe('schema.org openingHours strings, e.g. "Mo-Fr 07:00-19:00"'),
    price_range: Name.optional(),
    founded: z.int().min(1800).max(2100).optional(),
    language: LanguageTag.default('en'),
    service_areas: z.array(Name).default([]),
    services: z.array(ServiceSchema).default([]),
    technicians: z.array(TechnicianSchema).default([]),
    same_as: z.array(z.url()).default([]).describe('Profiles of the business elsewhere'),
    time_zone: z
      .string()
      .refine(isTimeZone, { message: 'is not an IANA time zone (e.g. "America/Denver")' })
      .optional()
      .describe('IANA time zone of the business; `npm run import` turns instants into calendar days with it'),
    brand: BrandSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const dup = (values: string[], field: string, key?: string) => {
      const seen = new Set<string>();
      values.forEach((v, i) => {
        const folded = v.toLowerCase();
        if (seen.has(folded)) {
          ctx.addIssue({ code: 'custom', path: key ? [field, i, key] : [field, i], message: `duplicate value "${v}"` });
        }
        seen.add(folded);
      });
    };
    dup(
      b.services.map((s) => s.id),
      'services',
      'id',
    );
    dup(
      b.technicians.map((t) => t.name),
      'technicians',
      'name',
    );
    dup(b.service_areas, 'service_areas');
  });

export type Business = z.infer<typeof BusinessSchema>;
export type Service = z.infer<typeof ServiceSchema>;
