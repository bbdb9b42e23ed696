import { describe, expect, it } from 'vitest';
import { Lru } from '../../sidecar/util/lru.ts';

const bytes = (n: number) => Buffer.alloc(n);
const computed = (lru: Lru<string, Buffer>, key: string, n: number) => {
  let ran = false;
  lru.get(key, () => {
    ran = true;
    return bytes(n);
  });
  return ran;
};

describe('Lru', () => {
  it('keeps at most maxBytes, dropping the least recently used first', () => {
    const lru = new Lru<string, Buffer>({ maxBytes: 100, sizeOf: (b) => b.length });
    computed(lru, 'a', 40);
    computed(lru, 'b', 40);
    expect(computed(lru, 'a', 40)).toBe(false); // a is now the most recent
    computed(lru, 'c', 40); // 120 > 100: b goes
    expect(lru.size).toBe(2);
    expect(lru.bytes).toBe(80);
    expect(computed(lru, 'b', 40)).toBe(true);
    expect(computed(lru, 'c', 40)).toBe(false);
  });

  it('answers but never keeps a value larger than maxBytes, and keeps what it held', () => {
    const lru = new Lru<string, Buffer>({ maxBytes: 100, sizeOf: (b) => b.length });
    computed(lru, 'small', 10);
    expect(lru.get('huge', () => bytes(7_000_000)).length).toBe(7_000_000);
    expect(lru.size).toBe(1);
    expect(lru.bytes).toBe(10);
    expect(computed(lru, 'huge', 7_000_000)).toBe(true);
  });

  it('bounds entries too, and 0 entries keeps nothing', () => {
    const lru = new Lru<string, Buffer>({ maxEntries: 2, maxBytes: 1e9, sizeOf: (b) => b.length });
    for (const k of ['a', 'b', 'c']) computed(lru, k, 1);
    expect(lru.size).toBe(2);
    expect(computed(lru, 'a', 1)).toBe(true);
    const none = new Lru<string, Buffer>({ maxEntries: 0 });
    computed(none, 'a', 1);
    expect(none.size).toBe(0);
  });

  it('without eviction keeps what it holds once full and answers the rest without keeping them', () => {
    const lru = new Lru<string, Buffer>({ maxBytes: 100, sizeOf: (b) => b.length, evict: false });
    for (const k of ['a', 'b', 'c']) computed(lru, k, 40);
    expect(lru.size).toBe(2);
    expect(computed(lru, 'a', 40)).toBe(false);
    expect(computed(lru, 'b', 40)).toBe(false);
    expect(computed(lru, 'c', 40)).toBe(true);
    computed(lru, 'small', 20); // there is still room for 20 bytes
    expect(computed(lru, 'small', 20)).toBe(false);
  });

  it('with repeatedOnly keeps a key only at its second miss, so one-off keys never evict repeated ones', () => {
    const lru = new Lru<string, Buffer>({ maxEntries: 2, sizeOf: (b) => b.length, repeatedOnly: true });
    expect(computed(lru, 'popular', 1)).toBe(true);
    expect(lru.size).toBe(0);
    expect(computed(lru, 'popular', 1)).toBe(true); // second miss: kept
    expect(computed(lru, 'popular', 1)).toBe(false);
    for (let i = 0; i < 10_000; i++) computed(lru, `one-off ${i}`, 1);
    expect(lru.size).toBe(1);
    expect(computed(lru, 'popular', 1)).toBe(false);
  });
});
