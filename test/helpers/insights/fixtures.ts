import type { Dataset } from '../../../src/core/content/dataset.ts';
import { newestFirst } from '../../../src/core/content/order.ts';
import type { Business } from '../../../src/core/schemas/business.ts';
import type { Review } from '../../../src/core/schemas/review.ts';

export const business: Business = {
  name: 'Northside Heating & Plumbing',
  url: 'https://example.com',
  telephone: '+1 555 0100',
  address: { street_address: '1 Main St', locality: 'Springfield', region: 'IL', postal_code: '62701', country: 'US' },
  opening_hours: [],
  language: 'en',
  service_areas: ['Springfield', 'Oak Park', 'Riverside'],
  services: [
    { id: 'ac-repair', name: 'AC Repair', synonyms: ['air conditioning repair', 'AC not cooling'] },
    { id: 'water-heater', name: 'Water Heater Installation', synonyms: ['water heater', 'tankless water heater'] },
    { id: 'drain-cleaning', name: 'Drain Cleaning', synonyms: ['clogged drain'] },
  ],
  technicians: [{ name: 'Mike Alvarez' }, { name: 'Mike Chen' }, { name: 'Carlos Ruiz' }, { name: 'Priya Patel', role: 'Electrician' }],
  same_as: [],
};

let n = 0;
export function review(date: string, rating: number, text: string, extra: Partial<Review> = {}): Review {
  n += 1;
  return {
    id: `t${String(n).padStart(3, '0')}`,
    date,
    rating,
    text,
    author: { name: 'Test R.' },
    verified: true,
    source: 'google',
    technicians: [],
    services: [],
    ...extra,
  };
}

export function dataset(): Dataset {
  n = 0;
  const reviews = [
    review('2024-01-10', 5, 'Carlos showed up right on time and fixed our AC not cooling in an hour. Same-day service, great price.', {
      technicians: ['Carlos Ruiz'],
      services: ['ac-repair'],
      service_area: 'Oak Park',
    }),
    review('2024-02-03', 1, 'Mike was two hours late. The water heater is still leaking and nobody called back.', {
      technicians: ['Mike Chen'],
      services: ['water-heater'],
    }),
    review('2024-03-15', 4, 'Priya Patel was polite and explained everything, but the bill was higher than the quote.', { service_area: 'Springfield' }),
    review('2024-04-20', 5, 'Same-day service for a clogged drain. They wore shoe covers and cleaned up after themselves.', {
      services: ['drain-cleaning'],
      service_area: 'Riverside',
    }),
    review('2024-05-02', 2, 'They were a no-show twice. The office was rude on the phone.'),
    review('2024-06-11', 5, ''),
    review('2024-07-30', 5, 'Carlos Ruiz is the best. Fair price, honest, no upselling, and the AC repair was done right.', { technicians: ['Carlos Ruiz'] }),
    review('2024-08-19', 3, 'Mike Alvarez knew what he was doing, though he was a bit pushy about a maintenance plan.', { technicians: ['Mike Alvarez'] }),
    review('2024-10-05', 4, 'Same-day service in Oak Park. Carlos was friendly and on time, and the price was reasonable.', { service_area: 'Oak Park' }),
    review('2024-11-21', 1, "Wouldn't recommend. The drain was still clogged the next morning and they never followed up."),
    review('2025-01-08', 5, 'Priya walked me through the panel and the price was fair. Same-day service again!'),
    review('2025-02-14', 4, 'Mike fixed the AC not cooling issue quickly.', { technicians: ['Mike Chen'] }),
  ];
  return { business, reviews: reviews.sort(newestFirst), editorial: { summary: { headline: 'Test', text: 'Test.' }, faq: [] } };
}
