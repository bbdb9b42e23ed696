const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A string's UTF-8 bytes, in memory of their own. */
export const utf8Bytes = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

/** Bytes read as UTF-8 (a malformed sequence becomes U+FFFD). */
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);

/** Writes `text` into `into` from `at`; returns the bytes written (all of them when `into` has room). */
export const writeUtf8 = (into: Uint8Array, text: string, at: number): number => encoder.encodeInto(text, into.subarray(at)).written;

/** The length of a string in UTF-8 without encoding it (a lone surrogate counts as U+FFFD, as TextEncoder writes it). */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // a surrogate pair: two code units, four bytes
      n += 2;
      i += 1;
    } else n += 2;
  }
  return n;
}
