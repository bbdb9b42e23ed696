// Long reviews and what an agent pays: with default arguments every tool's answer stays within
// 16 KB in both eras, whatever the reviews' length. List results cut long texts and say so in
// the review (truncated: the full length); get_review and the HTTP search keep them whole.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutText, TEXT_LIMIT } from '../../sidecar/mcp/tools/review-page.ts';
import { SAMPLE_CONTENT, tempDir } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { type McpTestServer, modernPost, openSession, post, SITE_URL, sessionHeaders, startMcpServer } from '../helpers/mcp.ts';

const BUDGET = 16 * 1024;
const words = (n: number, seed: string) => {
  let text = '';
  for (let i = 0; text.length < n; i++) text += `${seed} ${i} tells of the furnace, the pipes and the bill once more; `;
  return text.slice(0, n);
};

/** The sample with a 10,000-character newest review, and long texts, translations and replies on the nine after it. */
function longContent(): string {
  const dir = join(tempDir('mcp-long'), 'content');
  cpSync(SAMPLE_CONTENT, dir, { recursive: true });
  const file = join(dir, 'reviews.json');
  const reviews = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  reviews.sort((a, b) => String(b.date).localeCompare(String(a.date)) || String(b.id).localeCompare(String(a.id)));
  const newest = reviews[0] as Record<string, unknown>;
  newest.text = words(10_000, 'Long');
  for (const r of reviews.slice(1, 10)) {
    r.text = words(6_000, 'Longer');
    r.translation = { language: 'de', text: words(6_000, 'Übersetzt'), by: 'Google' };
    r.response = { date: r.date, text: words(4_000, 'Reply') };
  }
  writeFileSync(file, JSON.stringify(reviews, null, 1));
  return dir;
}

let mcp: McpTestServer;
let session: string;
let newestId: string;
let published: { id: string; text: string; translation?: { text: string }; response?: { text: string } }[];

beforeAll(async () => {
  mcp = await startMcpServer({}, await sharedBuild(longContent(), SITE_URL));
  session = await openSession(mcp.mcpUrl, '2025-11-25');
  const doc = (await (await fetch(`${mcp.server.url}/reviews.json`)).json()) as { reviews: typeof published };
  published = doc.reviews;
  newestId = doc.reviews[0]?.id as string;
  expect(doc.reviews[0]?.text).toHaveLength(10_000);
});

afterAll(async () => {
  await mcp?.server.stop();
});

const eras = {
  '2026-07-28': (name: string, args: Record<string, unknown>) => modernPost(mcp.mcpUrl, 'tools/call', { name, arguments: args }),
  '2025 session': (name: string, args: Record<string, unknown>) =>
    post(mcp.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, sessionHeaders(session, '2025-11-25')),
};

describe('a business with a 10,000-character review', () => {
  it.each(Object.keys(eras))('keeps every default answer within 16 KB (%s)', async (era) => {
    const call = eras[era as keyof typeof eras];
    const defaults: Record<string, Record<string, unknown>> = {
      get_business: {},
      search_reviews: {},
      get_reviews_since: { date: '2000-01-01' },
      get_insights: {},
    };
    for (const [name, args] of Object.entries(defaults)) {
      const answer = await call(name, args);
      expect(answer.message?.result?.isError, name).toBeUndefined();
      expect(Buffer.byteLength(answer.text), `${name} ${era}`).toBeLessThanOrEqual(BUDGET);
    }
  });

  it('cuts long texts in list results and says so: truncated gives each full length', async () => {
    for (const [name, args] of [
      ['search_reviews', {}],
      ['get_reviews_since', { date: '2000-01-01' }],
    ] as const) {
      const answer = await eras['2026-07-28'](name, args);
      const result = answer.message?.result as { structuredContent: { reviews: unknown[] }; content: { text: string }[] };
      const [newest, next] = result.structuredContent.reviews as {
        id: string;
        text: string;
        truncated?: Record<string, number>;
        response?: { text: string };
      }[];
      expect(newest?.id).toBe(newestId);
      expect(newest?.truncated).toEqual({ text: 10_000 });
      expect(newest?.text.endsWith('…')).toBe(true);
      expect(newest?.text.length).toBeLessThanOrEqual(TEXT_LIMIT + 1);
      const whole = published.find((r) => r.id === next?.id);
      expect(next?.truncated).toEqual({ text: whole?.text.length, translation: whole?.translation?.text.length, response: whole?.response?.text.length });
      expect(next?.response?.text.length).toBeLessThan(whole?.response?.text.length as number);
      // the text block carries the same JSON
      expect(JSON.parse(result.content[0]?.text as string)).toEqual(result.structuredContent);
    }
  });

  it('gives the whole review with get_review, and the HTTP search keeps whole reviews', async () => {
    const answer = await eras['2026-07-28']('get_review', { id: newestId });
    const review = answer.message?.result?.structuredContent as { text: string; truncated?: unknown };
    expect(review.text).toHaveLength(10_000);
    expect(review.truncated).toBeUndefined();
    const search = (await (await fetch(`${mcp.server.url}/api/reviews/search?limit=1`)).json()) as { reviews: { text: string }[] };
    expect(search.reviews[0]?.text).toHaveLength(10_000);
  });

  it('a larger page than the default gets as much room per review, and short reviews are never cut', async () => {
    const answer = await eras['2026-07-28']('search_reviews', { limit: 20, offset: 10 });
    const reviews = (answer.message?.result?.structuredContent as { reviews: { truncated?: unknown }[] } | undefined)?.reviews ?? [];
    expect(reviews).toHaveLength(20);
    expect(reviews.every((r) => r.truncated === undefined)).toBe(true);
    expect(answer.message?.result?.structuredContent).toEqual(await (await fetch(`${mcp.server.url}/api/reviews/search?limit=20&offset=10`)).json());
  });
});

describe('cutText', () => {
  it('cuts at a space near the limit, never inside a surrogate pair, with an ellipsis', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('one two three four', 14)).toBe('one two three…');
    expect(cutText('one two three four', 10)).toBe('one two th…');
    expect(cutText('abcdefghijkl', 5)).toBe('abcde…');
    expect(cutText('abcd😀efgh', 5)).toBe('abcd…');
  });
});
