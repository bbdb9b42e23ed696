// What kind of export a file is, from its first bytes, so an import given the wrong kind of
// file can say which importer it is for instead of failing on its contents.
import { closeSync, openSync, readSync } from 'node:fs';

export type FileKind = 'zip' | 'json' | 'csv' | 'text' | 'binary';

/** The local file header signature (APPNOTE.TXT §4.3.7): every ZIP archive starts with it. */
export const ZIP_LOCAL_HEADER = 0x04034b50;

export function sniff(path: string): FileKind {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(512);
  let n: number;
  try {
    n = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const bytes = head.subarray(0, n);
  if (n >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL_HEADER) return 'zip';
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return 'json';
  if (bytes.includes(0)) return 'binary';
  return /^[^\r\n]*[,;\t][^\r\n]*(\r?\n|$)/.test(text) ? 'csv' : 'text';
}

/** The likely mix-up when `importer` is given a file of `kind`, or undefined when the kind fits. */
export function mixUp(importer: 'google' | 'csv' | 'trustpilot', kind: FileKind): string | undefined {
  if (importer === 'google') {
    return kind === 'csv' ? 'looks like a CSV file, not a Google export: import it with "csv" or "trustpilot" instead of "google"' : undefined;
  }
  if (kind === 'zip') return `is a ZIP archive, not a CSV file: a Google Takeout is imported with "google" instead of "${importer}"`;
  if (kind === 'json') return `is JSON, not a CSV file: Google Takeout files and reviews.list pages are imported with "google" instead of "${importer}"`;
  return undefined;
}
