/**
 * Text as search compares it: Unicode-normalised (NFKD), without combining marks, lower
 * case. "Café" and "CAFE" both become "cafe".
 */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
