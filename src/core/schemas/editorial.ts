import { z } from 'zod';
import { Name, Text } from './primitives.ts';

export const FaqEntrySchema = z.object({
  question: Name,
  answer: Text.trim().min(1),
});

/** The parts of insights.json that people write. */
export const EditorialSchema = z.object({
  summary: z.object({
    headline: Name,
    text: Text.trim().min(1),
  }),
  faq: z.array(FaqEntrySchema).default([]),
});

export type Editorial = z.infer<typeof EditorialSchema>;
