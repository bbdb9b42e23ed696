import { z } from 'zod';
import { ReviewSchema } from './review.ts';

const AuthorSchema = z.object({ name: z.string().min(1), url: z.url().optional() });

export const JsonFeedItemSchema = z.object({
  id: z.string().min(1),
  url: z.url(),
  title: z.string(),
  content_text: z.string(),
  date_published: z.iso.datetime(),
  date_modified: z.iso.datetime().optional(),
  authors: z.array(AuthorSchema).min(1),
  tags: z.array(z.string()).optional(),
  _review: ReviewSchema.describe('The review exactly as in /reviews.json'),
});

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1), with the `_review` extension on items. */
export const JsonFeedSchema = z.object({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string().min(1),
  home_page_url: z.url(),
  feed_url: z.url(),
  description: z.string(),
  language: z.string(),
  authors: z.array(AuthorSchema).min(1),
  hubs: z.array(z.object({ type: z.literal('WebSub'), url: z.url() })),
  items: z.array(JsonFeedItemSchema),
});

export type JsonFeed = z.infer<typeof JsonFeedSchema>;
