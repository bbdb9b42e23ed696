import { describe, expect, it } from 'vitest';
import { createEntityLinker } from '../../src/core/insights/entities.ts';
import { BusinessSchema } from '../../src/core/schemas/business.ts';

const business = BusinessSchema.parse({
  name: 'Test Co',
  url: 'https://test.example',
  telephone: '1',
  address: { street_address: 'a', locality: 'b', region: 'c', postal_code: 'd', country: 'US' },
  service_areas: ['Fountain'],
  services: [{ id: 'furnace-repair', name: 'Furnace repair' }],
  technicians: [{ name: 'Jonas Mader' }, { name: 'Aylin Yilmaz' }, { name: 'Grace Okafor' }, { name: 'Tom Okafor' }],
});
const link = createEntityLinker(business);

describe('entity linking: a title and the surname', () => {
  it('links "Mr. Mader", "Herr Mader", "Frau Yilmaz", "Mrs Okafor"-style names', () => {
    expect(link('Mr. Mader was on time.').technicians).toEqual(['Jonas Mader']);
    expect(link('Herr Mader war pünktlich.').technicians).toEqual(['Jonas Mader']);
    expect(link('Frau Yilmaz hat alles erklärt.').technicians).toEqual(['Aylin Yilmaz']);
    expect(link("Ms Yilmaz's work was neat.").technicians).toEqual(['Aylin Yilmaz']);
  });

  it('lists a surname that two technicians share as ambiguous, unless the review settles it', () => {
    expect(link('Mrs Okafor explained everything.')).toMatchObject({ technicians: [], ambiguous: ['Mrs Okafor'] });
    expect(link('Mrs Okafor explained everything.', { technicians: ['Grace Okafor'] })).toMatchObject({ technicians: ['Grace Okafor'], ambiguous: [] });
  });

  it('needs the title: a bare surname or a lower-case title is not a name', () => {
    expect(link('Mader came by.').technicians).toEqual([]);
    expect(link('mr mader came by.').technicians).toEqual([]);
  });
});
