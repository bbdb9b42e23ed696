// How the German reading of real reviews compares with the English reading of Google's
// translations of the same reviews: aspect mentions found by each, and their agreement
// review by review. Input: a Google Maps scrape in the shape of google-maps-crawl's
// Sample100.json ([{business: {reviews: [{Stars, Review: "(Translated by Google) … (Original) …"}]}}]).
// Usage: node research/compare-languages.ts FILE [--business NAME]
import { readFileSync } from 'node:fs';
import { splitGoogleComment } from '../src/core/import/translation.ts';
import { analyzeText, aspectPolarities } from '../src/core/insights/analyze.ts';
import { detectLanguage } from '../src/core/insights/detect.ts';

type Scrape = Record<string, { reviews?: { Counter: number; Stars: string; Review?: string }[] }>[];

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node research/compare-languages.ts FILE [--business NAME]\n');
  process.exit(2);
}
const only = rest.includes('--business') ? rest[rest.indexOf('--business') + 1] : undefined;
const scrape = JSON.parse(readFileSync(file, 'utf8')) as Scrape;

interface Tally {
  reviews: number;
  de: number;
  en: number;
  both: number;
  samePolarity: number;
  sameSet: number;
}
const empty = (): Tally => ({ reviews: 0, de: 0, en: 0, both: 0, samePolarity: 0, sameSet: 0 });
const total = empty();
const byBusiness = new Map<string, Tally>();

for (const entry of scrape) {
  for (const [business, data] of Object.entries(entry)) {
    if (only !== undefined && business !== only) continue;
    for (const r of data.reviews ?? []) {
      const review = r.Review ?? '';
      if (!review.startsWith('(Translated by Google)')) continue;
      const { text: german, translation: english, language } = splitGoogleComment(review);
      if (language !== 'en' || english === undefined) continue;
      if (detectLanguage(german, 'de') !== 'de') continue;
      const rating = Number(r.Stars);
      const de = new Map(aspectPolarities(analyzeText(german, { rating, language: 'de' })).map((a) => [a.aspect, a.polarity]));
      const en = new Map(aspectPolarities(analyzeText(english, { rating, language: 'en' })).map((a) => [a.aspect, a.polarity]));
      const t = byBusiness.get(business) ?? empty();
      byBusiness.set(business, t);
      for (const x of [t, total]) {
        x.reviews += 1;
        x.de += de.size;
        x.en += en.size;
        for (const [aspect, polarity] of de) {
          if (!en.has(aspect)) continue;
          x.both += 1;
          if (en.get(aspect) === polarity) x.samePolarity += 1;
        }
        if (de.size === en.size && [...de.keys()].every((a) => en.has(a))) x.sameSet += 1;
      }
    }
  }
}

const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)} %`);
const line = (name: string, t: Tally) =>
  `${name.slice(0, 40).padEnd(40)} ${String(t.reviews).padStart(7)} ${String(t.de).padStart(6)} ${String(t.en).padStart(6)}  ${pct(t.de, t.en).padStart(8)}  ` +
  `${pct(t.both, t.en).padStart(8)} ${pct(t.both, t.de).padStart(8)} ${pct(t.samePolarity, t.both).padStart(8)} ${pct(t.sameSet, t.reviews).padStart(8)}`;
const head = `${'business'.padEnd(40)} reviews  de-men  en-men  de/en     en found  de found  same pol  same set`;
const biggest = [...byBusiness].sort((a, b) => b[1].reviews - a[1].reviews || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
process.stdout.write(
  [
    head,
    ...biggest.map(([name, t]) => line(name, t)),
    line('all businesses', total),
    '',
    "de-men / en-men: (review, aspect) mentions found in the German originals (read in German) and in Google's English translations (read in English);",
    "en found: share of the English reading's mentions the German reading also finds; de found: the reverse;",
    'same pol: polarity agreement on mentions both find; same set: reviews where both readings name exactly the same aspects.',
  ].join('\n') + '\n',
);
