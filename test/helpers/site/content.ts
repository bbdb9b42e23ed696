// Content for the site tests: the sample business, optionally with extra reviews.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_CONTENT, tempDir } from '../paths.ts';

/** Newer than every sample review; every character a review can hold that HTML cares about. */
export const HOSTILE_REVIEW = {
  id: 'zz-hostile-1',
  date: '2026-11-22',
  rating: 2,
  title: '</script><script>window.__xss = "title"</script> "Quotes" & <b>bold</b>',
  text: 'Ann never came. <script>alert(1)</script>\n\n<img src=x onerror="window.__xss = \'img\'"> &amp; & <!-- 🔥 👍🏽 — مرحبا بالعالم',
  author: { name: 'נועה <i>ש</i> "&" </script>' },
  verified: true,
  source: 'google',
  technicians: [],
  services: [],
  response: { date: '2026-11-23', text: "Sorry <3 & we'll call </script><!-- you" },
};

export const NEWER_REVIEW = {
  id: 'zz-newer-1',
  date: '2026-11-24',
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
    date: '2026-11-20',
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
    date: '2026-11-19',
    rating: 4,
    text: 'Muy buen servicio, llegaron a tiempo.',
    translation: { language: 'en', text: 'Very good service, they arrived on time.', by: 'Google' },
    author: { name: 'Lucía' },
    verified: true,
    source: 'google',
    technicians: [],
    services: [],
  });
  // an unverified copy carries no evidence (the sample's reviews may carry their matched job's)
  const { evidence: _evidence, credited: _credited, ...first } = reviews[0] as Record<string, unknown>;
  reviews.push({ ...first, id: 'zz-unverified-1', verified: false });
  writeFileSync(join(dir, 'reviews.json'), JSON.stringify(reviews));
  return dir;
}
