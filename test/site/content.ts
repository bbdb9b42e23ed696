// Content for the site tests: the sample business, optionally with extra reviews.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_CONTENT, tempDir } from '../helpers/paths.ts';

/** Newer than every sample review; every character a review can hold that HTML cares about. */
export const HOSTILE_REVIEW = {
  id: 'zz-hostile-1',
  date: '2026-12-24',
  rating: 2,
  title: '</script><script>window.__xss = "title"</script> "Quotes" & <b>bold</b>',
  text: 'Ann never came. <script>alert(1)</script>\n\n<img src=x onerror="window.__xss = \'img\'"> &amp; & <!-- 🔥 👍🏽 — مرحبا بالعالم',
  author: { name: 'נועה <i>ש</i> "&" </script>' },
  verified: true,
  source: 'google',
  technicians: [],
  services: [],
  response: { date: '2026-12-26', text: "Sorry <3 & we'll call </script><!-- you" },
};

export const NEWER_REVIEW = {
  id: 'zz-newer-1',
  date: '2026-12-30',
  rating: 5,
  text: 'Great work.',
  author: { name: 'Ann' },
  verified: true,
  source: 'google',
  technicians: [],
  services: [],
};

/** A copy of the sample content with `extra` reviews added. */
export function sampleWith(extra: object[]): string {
  const dir = join(tempDir('site-content'), 'content');
  cpSync(SAMPLE_CONTENT, dir, { recursive: true });
  const file = join(dir, 'reviews.json');
  const reviews = JSON.parse(readFileSync(file, 'utf8')) as object[];
  writeFileSync(file, JSON.stringify([...reviews, ...extra]));
  return dir;
}

/** The sample plus a technician and an area whose slugs collide with existing ones. */
export function collidingContent(): string {
  const dir = join(tempDir('facet-content'), 'content');
  cpSync(SAMPLE_CONTENT, dir, { recursive: true });
  const business = JSON.parse(readFileSync(join(dir, 'business.json'), 'utf8'));
  business.technicians.push({ name: 'José Martinez', role: 'Apprentice' });
  business.service_areas.push('Canon City');
  writeFileSync(join(dir, 'business.json'), JSON.stringify(business));
  const reviews = JSON.parse(readFileSync(join(dir, 'reviews.json'), 'utf8'));
  reviews.push({
    id: 'zz-collide-1',
    date: '2026-12-20',
    rating: 1,
    text: "José Martinez left the water off. Zoë's colleague fixed it.",
    author: { name: 'Renée' },
    verified: true,
    source: 'yelp',
    technicians: ['José Martinez', "Zoë O'Brien"],
    services: ['leak-repair'],
    service_area: 'Canon City',
  });
  reviews.push({
    id: 'zz-translated-1',
    date: '2026-12-19',
    rating: 4,
    text: 'Muy buen servicio, llegaron a tiempo.',
    translation: { language: 'en', text: 'Very good service, they arrived on time.', by: 'Google' },
    author: { name: 'Lucía' },
    verified: true,
    source: 'google',
    technicians: [],
    services: [],
  });
  reviews.push({ ...reviews[0], id: 'zz-unverified-1', verified: false });
  writeFileSync(join(dir, 'reviews.json'), JSON.stringify(reviews));
  return dir;
}

/** Where the sample business is moved to for a build in each language (a real address there). */
export const ABROAD = {
  de: { language: 'de', address: { street_address: 'Landsberger Straße 110', locality: 'München', region: 'BY', postal_code: '80339', country: 'DE' } },
  fr: { language: 'fr', address: { street_address: '12 rue Garibaldi', locality: 'Lyon', region: 'ARA', postal_code: '69006', country: 'FR' } },
  es: { language: 'es', address: { street_address: 'Calle Sierpes 48', locality: 'Sevilla', region: 'Sevilla', postal_code: '41004', country: 'ES' } },
  it: { language: 'it', address: { street_address: 'Via Nizza 150', locality: 'Torino', region: 'TO', postal_code: '10126', country: 'IT' } },
  nl: { language: 'nl', address: { street_address: 'Oudegracht 200', locality: 'Utrecht', region: 'UT', postal_code: '3511 NR', country: 'NL' } },
  pl: { language: 'pl', address: { street_address: 'ul. Długa 5', locality: 'Gdańsk', region: 'PM', postal_code: '80-827', country: 'PL' } },
  ar: { language: 'ar', address: { street_address: '15 شارع التحرير', locality: 'القاهرة', region: 'C', postal_code: '11511', country: 'EG' } },
} as const;

/** A copy of the sample content with business.json's `language` and address set to `where`. */
export function sampleIn(where: keyof typeof ABROAD, extra: object[] = []): string {
  const dir = sampleWith(extra);
  const file = join(dir, 'business.json');
  const business = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...business, ...ABROAD[where], time_zone: undefined }));
  return dir;
}
