// How a source fails. Configuration and authorisation errors need the owner; transient ones
// heal by themselves (the next pass tries again); data errors name page, record and field.
export type FailureKind = 'configuration' | 'authorisation' | 'transient' | 'data';

export class SyncError extends Error {
  readonly source: string;
  readonly kind: FailureKind;
  /** The server's Retry-After (seconds), when it gave one */
  readonly retryAfterS: number | undefined;
  constructor(source: string, kind: FailureKind, message: string, retryAfterS?: number) {
    super(message);
    this.source = source;
    this.kind = kind;
    this.retryAfterS = retryAfterS;
  }
}

/** Replaces every secret value in `text`; applied to everything the sync prints or writes. */
export function redact(text: string, secrets: readonly string[]): string {
  // longest first, so a secret that holds another is replaced whole
  const ordered = [...secrets].sort((a, b) => b.length - a.length);
  let out = text;
  for (const secret of ordered) if (secret.length >= 4) out = out.split(secret).join('[secret]');
  // URL-encoded forms too (a server may echo a form body back)
  for (const secret of ordered) {
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret && encoded.length >= 4) out = out.split(encoded).join('[secret]');
  }
  return out;
}
