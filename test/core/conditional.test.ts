import { describe, expect, it } from 'vitest';
import { etagMatches, isNotModified } from '../../src/core/http/conditional.ts';

const ETAG = '"abc"';
const LM = 'Wed, 01 May 2024 10:00:00 GMT';
const h = (init: Record<string, string>) => new Headers(init);

describe('conditional GET (RFC 9110 §13)', () => {
  it('matches If-None-Match weakly, in lists, and *', () => {
    expect(etagMatches('"abc"', ETAG)).toBe(true);
    expect(etagMatches('W/"abc"', ETAG)).toBe(true);
    expect(etagMatches('"x", W/"abc" , "y"', ETAG)).toBe(true);
    expect(etagMatches('"x,y", "abc"', ETAG)).toBe(true);
    expect(etagMatches('*', ETAG)).toBe(true);
    expect(etagMatches('"abcd"', ETAG)).toBe(false);
    expect(etagMatches('abc', ETAG)).toBe(false);
  });

  it('lets If-None-Match win over If-Modified-Since', () => {
    expect(isNotModified(h({ 'if-none-match': '"other"', 'if-modified-since': LM }), ETAG, LM)).toBe(false);
    expect(isNotModified(h({ 'if-none-match': ETAG, 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' }), ETAG, LM)).toBe(true);
  });

  it('compares If-Modified-Since as dates and ignores invalid ones', () => {
    expect(isNotModified(h({ 'if-modified-since': LM }), ETAG, LM)).toBe(true);
    expect(isNotModified(h({ 'if-modified-since': 'Wed, 01 May 2024 09:59:59 GMT' }), ETAG, LM)).toBe(false);
    expect(isNotModified(h({ 'if-modified-since': 'Thu, 02 May 2024 00:00:00 GMT' }), ETAG, LM)).toBe(true);
    expect(isNotModified(h({ 'if-modified-since': 'not a date' }), ETAG, LM)).toBe(false);
    expect(isNotModified(h({}), ETAG, LM)).toBe(false);
  });
});
