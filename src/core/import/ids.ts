import { sha256Base64url } from '../bytes/sha256.ts';
import type { Incoming } from './incoming.ts';

const SAFE = /^[A-Za-z0-9_-]+$/;

/** The slug of a source name used as the id prefix: "Google" → "google", "Angi (typed)" → "angi-typed". */
export function sourcePrefix(source: string): string {
  const slug = source
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 20)
    .replace(/-+$/, '');
  return slug || 'src';
}

const digest = (text: string) => sha256Base64url(text).slice(0, 22);

/**
 * A stable id from source and source id: "<source>-<source id>" when that fits the id
 * rules, else "<source>-" and 22 characters of a SHA-256 (132 bits: no collisions at any
 * real number of reviews). Never truncated, so two long ids never collide. A row without
 * a source id is identified by its day, author and text.
 */
export function deriveId(r: Incoming): string {
  if (r.id) return r.id;
  const prefix = sourcePrefix(r.source);
  if (r.sourceId !== undefined) {
    const plain = `${prefix}-${r.sourceId}`;
    return SAFE.test(r.sourceId) && plain.length <= 64 ? plain : `${prefix}-${digest(`${r.source}\u0000${r.sourceId}`)}`;
  }
  return `${prefix}-${digest(`${r.source}\u0000${r.date}\u0000${r.author}\u0000${r.text}`)}`;
}
