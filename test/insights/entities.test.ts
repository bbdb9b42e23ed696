import { describe, expect, it } from 'vitest';
import { createEntityLinker, englishPlural } from '../../src/core/insights/entities.ts';
import { business } from '../helpers/insights/fixtures.ts';

const link = createEntityLinker(business);

describe('technicians', () => {
  it('links full names and unambiguous first names, possessives included', () => {
    expect(link('Carlos was great.').technicians).toEqual(['Carlos Ruiz']);
    expect(link("Priya's work was neat, and Carlos Ruiz helped.").technicians).toEqual(['Carlos Ruiz', 'Priya Patel']);
  });

  it('links a full name even when its first name is shared', () => {
    const r = link('Mike Chen fixed it.');
    expect(r.technicians).toEqual(['Mike Chen']);
    expect(r.ambiguous).toEqual([]);
  });

  it('leaves a shared first name unresolved, unless the review names one of them', () => {
    expect(link('Mike fixed it.')).toMatchObject({ technicians: [], ambiguous: ['Mike'] });
    expect(link('Mike fixed it.', { technicians: ['Mike Alvarez'] })).toMatchObject({ technicians: ['Mike Alvarez'], ambiguous: [] });
    expect(link('Mike fixed it.', { technicians: ['Mike Alvarez', 'Mike Chen'] })).toMatchObject({ technicians: [], ambiguous: ['Mike'] });
  });

  it('matches names case-sensitively', () => {
    expect(link('carlos was here').technicians).toEqual([]);
  });
});

describe('services and areas', () => {
  it('links services by name or synonym, case-insensitively, longest match first', () => {
    expect(link('Our ac not cooling, so we booked AC repair.').services).toEqual(['ac-repair']);
    expect(link('They installed a tankless water heater.').services).toEqual(['water-heater']);
    expect(link('Clogged drain cleared.').services).toEqual(['drain-cleaning']);
    expect(link('Nothing about services here.').services).toEqual([]);
  });

  it('links the regular plural of a service name or synonym', () => {
    const plumbing = { ...business, services: [...business.services, { id: 'plumbing', name: 'Plumbing', synonyms: ['plumber', 'leaky faucet'] }] };
    const withPlumbing = createEntityLinker(plumbing);
    expect(withPlumbing('Best plumbers in Solingen!').services).toEqual(['plumbing']);
    expect(withPlumbing('Two leaky faucets fixed.').services).toEqual(['plumbing']);
    expect(withPlumbing('The plumber came.').services).toEqual(['plumbing']);
    expect(link('Three clogged drains cleared.').services).toEqual(['drain-cleaning']);
    expect(englishPlural('switch')).toBe('switches');
    expect(englishPlural('company')).toBe('companies');
    expect(englishPlural('ac')).toBe('ac');
  });

  it('links service areas by name', () => {
    expect(link('We live in Oak Park near Riverside.').service_areas).toEqual(['Oak Park', 'Riverside']);
    expect(link('a park with an oak').service_areas).toEqual([]);
  });
});

describe('full names of other people', () => {
  const german = createEntityLinker({ ...business, technicians: [{ name: 'Thomas Mader' }, { name: 'Anna Yilmaz' }] });

  it('does not credit "Thomas Müller" to the technician Thomas Mader', () => {
    expect(german('We would especially like to thank Mr. Thomas Müller.')).toMatchObject({ technicians: [], ambiguous: [] });
    expect(german('Ein großes Dankeschön an Thomas Müller!').technicians).toEqual([]);
  });

  it('still links the first name alone, the full name, and the surname with a title', () => {
    expect(german('Thomas was great.').technicians).toEqual(['Thomas Mader']);
    expect(german('Thanks to Thomas Mader and Anna.').technicians).toEqual(['Thomas Mader', 'Anna Yilmaz']);
    expect(german('Thomas. Great work!').technicians).toEqual(['Thomas Mader']);
    expect(german('Thomas, Anna: thank you').technicians).toEqual(['Thomas Mader', 'Anna Yilmaz']);
    expect(german('Herr Mader kam pünktlich.').technicians).toEqual(['Thomas Mader']);
    expect(german("Thomas's work was neat").technicians).toEqual(['Thomas Mader']);
  });
});
