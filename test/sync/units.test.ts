import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTrustpilotPages } from '../../src/core/import/trustpilot-api.ts';
import { redact } from '../../src/sync/errors.ts';
import { excerpt, retryAfterSeconds } from '../../src/sync/http.ts';
import { recordFailedStart } from '../../src/sync/status.ts';

describe('Retry-After (RFC 9110 section 10.2.3)', () => {
  it('reads delay-seconds and an HTTP-date, and nothing else', () => {
    const now = Date.parse('2026-11-23T22:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 22:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 21:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe('redact', () => {
  it('replaces secrets and their URL-encoded forms', () => {
    const secret = '1//0abc+def/ghi';
    expect(redact(`token=${encodeURIComponent(secret)} and ${secret}`, [secret])).toBe('token=[secret] and [secret]');
  });
});

describe('excerpt', () => {
  it("takes the reason from Google's and OAuth's error shapes, drops control characters, and caps the length", () => {
    expect(excerpt('{"error":{"code":403,"message":"The caller does not have permission","status":"PERMISSION_DENIED"}}')).toBe(
      'The caller does not have permission',
    );
    expect(excerpt('{"error":"invalid_grant","error_description":"Token has been expired or revoked."}')).toBe(
      'invalid_grant: Token has been expired or revoked.',
    );
    expect(excerpt('bad\u001b[31m\nthing')).toBe('bad [31m thing');
    expect(excerpt('x'.repeat(500))).toHaveLength(201);
  });
});

describe('Trustpilot business unit reviews', () => {
  const page = (reviews: unknown[]) => [{ name: 'page 1 (GET https://api.trustpilot.com/…)', value: { reviews, links: [] } }];
  it('turns instants into days in the business time zone, a reply never before its review', () => {
    const { reviews, problems } = readTrustpilotPages(
      page([
        {
          id: '64a1b2c3d4e5f60000000001',
          stars: 4,
          title: ' Good ',
          text: ' Fixed it. ',
          createdAt: '2024-03-02T04:30:00Z',
          consumer: { displayName: 'Dana K.' },
          companyReply: { text: 'Thanks!', createdAt: '2024-03-01T20:00:00Z' },
        },
      ]),
      'America/Denver',
    );
    expect(problems.list).toEqual([]);
    expect(reviews[0]).toMatchObject({
      source: 'trustpilot',
      sourceId: '64a1b2c3d4e5f60000000001',
      date: '2024-03-01',
      rating: 4,
      title: 'Good',
      text: 'Fixed it.',
      author: 'Dana K.',
      response: { date: '2024-03-01', text: 'Thanks!' },
    });
  });
  it("carries Trustpilot's own verification as the platform's evidence, and nothing else as any", () => {
    const review = (n: number, extra: Record<string, unknown>) => ({
      id: `64a1b2c3d4e5f6000000000${n}`,
      stars: 2,
      createdAt: '2024-03-02T04:30:00Z',
      consumer: { displayName: `Reviewer ${n}` },
      ...extra,
    });
    const { reviews, problems } = readTrustpilotPages(
      page([
        review(1, { isVerified: true }),
        review(2, { reviewVerificationLevel: 'invited' }),
        review(3, { reviewVerificationLevel: 'not-verified', isVerified: false }),
        review(4, {}),
        review(5, { reviewVerificationLevel: 'something-new' }),
      ]),
      'UTC',
    );
    expect(problems.list).toEqual([]);
    expect(reviews.map((r) => r.evidence)).toEqual([
      { kind: 'platform', platform: 'trustpilot' },
      { kind: 'platform', platform: 'trustpilot' },
      undefined,
      undefined,
      undefined,
    ]);
  });
  it('names page, review and field of every problem', () => {
    const { problems } = readTrustpilotPages(page([{ id: 'a1', stars: 0, createdAt: 'yesterday', consumer: {} }, 'x']), 'UTC');
    expect(problems.list).toEqual([
      { file: 'page 1 (GET https://api.trustpilot.com/…)', record: 'review 0 ("a1")', field: 'stars', message: 'must be 1 to 5, got 0' },
      { file: 'page 1 (GET https://api.trustpilot.com/…)', record: 'review 1', message: 'must be an object' },
    ]);
  });
});

describe('status.json', () => {
  it('never holds a secret, even one with a quote or backslash that JSON escapes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sync-status-'));
    const secret = 'k"ey\\with-quote';
    recordFailedStart(dir, `GET answered 401 for apikey=${secret}`, [secret]);
    const written = readFileSync(join(dir, 'status.json'), 'utf8');
    expect(written).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(JSON.parse(written).pass.error).toBe('GET answered 401 for apikey=[secret]');
  });
});
