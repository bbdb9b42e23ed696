/**
 * Text as search compares it: Unicode-normalised (NFKD), without combining marks and
 * without default-ignorable code points (zero-width spaces and joiners, variation
 * selectors: Unicode Standard §5.21), lower case. "Café" and "CAFE" both become "cafe".
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '')
    .toLowerCase();
}

/** True when `text` leaves something to search for once folded and trimmed. */
export function hasSearchableText(text: string): boolean {
  return fold(text).trim().length > 0;
}
