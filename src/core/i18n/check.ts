// What makes a catalogue complete: every English key, nothing else, the plural forms its
// language's rules ask for, and the same placeholders as English (a missing `{home}` would
// drop a link from the 404 page).
import type { Catalogue } from './catalogue.ts';
import { en } from './catalogues/en.ts';

/** Placeholders a language may leave out: not every country writes the region in an address. */
const OPTIONAL = new Set(['region']);
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function catalogueProblems(catalogue: Catalogue): string[] {
  const problems: string[] = [];
  const name = `catalogue "${catalogue.language}"`;
  const messages = catalogue.messages as Record<string, unknown>;
  const english = en.messages as Record<string, string | Record<string, string>>;
  // the plural forms whole counts up to 1,000 use ("many" in French is for millions)
  let categories: string[] = ['other'];
  try {
    const rules = new Intl.PluralRules(catalogue.language);
    categories = [...new Set([...Array(1001).keys()].map((n) => rules.select(n)))].sort();
  } catch {
    problems.push(`${name}: "${catalogue.language}" is not a language Intl knows`);
  }
  for (const [key, source] of Object.entries(english)) {
    const value = messages[key];
    if (value === undefined) {
      problems.push(`${name}: misses "${key}"`);
      continue;
    }
    if (typeof source === 'string') {
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${name}: "${key}" must be a non-empty string`);
      else if (
        !same(
          placeholders(value),
          placeholders(source).filter((p) => !OPTIONAL.has(p) || placeholders(value).includes(p)),
        )
      )
        problems.push(`${name}: "${key}" has placeholders ${JSON.stringify(placeholders(value))}, English has ${JSON.stringify(placeholders(source))}`);
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      problems.push(`${name}: "${key}" must be plural forms (${categories.join(', ')})`);
      continue;
    }
    const forms = value as Record<string, unknown>;
    const want = [...new Set(Object.values(source).flatMap(placeholders))].sort();
    for (const category of categories) {
      const form = forms[category];
      if (typeof form !== 'string' || form.trim() === '') problems.push(`${name}: "${key}" misses the plural form "${category}"`);
      else if (!placeholders(form).every((p) => want.includes(p))) problems.push(`${name}: "${key}.${category}" has an unknown placeholder`);
    }
  }
  for (const key of Object.keys(messages)) if (!(key in english)) problems.push(`${name}: "${key}" is not an English key`);
  return problems;
}
