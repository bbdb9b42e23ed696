import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerForms, normalizeName, parseName, reviewerForm } from '../../src/core/jobs/names.ts';

const formsOf = (name: string) => customerForms(parseName(name)).map((f) => f.form);
const fits = (reviewer: string, customer: string) => {
  const form = reviewerForm(parseName(reviewer));
  return form !== undefined && formsOf(customer).includes(form);
};

describe('names as reviewers show them', () => {
  it('compares without case, accents, punctuation or extra spaces', () => {
    expect(normalizeName('  María   GARCÍA ')).toBe('maria garcia');
    expect(normalizeName("Seán O'Brien-Müller")).toBe('sean obrienmuller');
    expect(normalizeName('Jürgen Groß')).toBe('jurgen gross');
  });

  it('fits the forms people sign with', () => {
    for (const r of ['Maria Garcia', 'maria garcia', 'MARIA GARCÍA', 'Maria G.', 'M. Garcia', 'Garcia, Maria', 'Dr. Maria Elena Garcia']) {
      expect(fits(r, 'María García'), r).toBe(true);
    }
    expect(fits('Maria Gomez', 'María García')).toBe(false);
    expect(fits('Mario Garcia', 'María García')).toBe(false);
  });

  it('knows common nicknames both ways', () => {
    expect(fits('Bob Smith', 'Robert Smith')).toBe(true);
    expect(fits('Bob S.', 'Robert Smith')).toBe(true);
    expect(fits('Robert Smith', 'Bob Smith')).toBe(true);
    expect(fits('Liz Taylor', 'Elizabeth Taylor')).toBe(true);
    expect(fits('Bill Smith', 'Robert Smith')).toBe(false);
  });

  it('never lets an anonymous name, a first name alone, initials or a company stand for a person', () => {
    expect(parseName('A Google User').kind).toBe('anonymous');
    expect(parseName('Anonymous').kind).toBe('anonymous');
    expect(parseName('Robert').kind).toBe('first-name-only');
    expect(parseName('M. G.').kind).toBe('initials-only');
    expect(parseName('Acme Property Management LLC').kind).toBe('company');
    expect(parseName('Smith & Sons').kind).toBe('company');
    for (const n of ['A Google User', 'Robert', 'M. G.', 'Acme Plumbing Inc']) {
      expect(reviewerForm(parseName(n))).toBeUndefined();
      expect(customerForms(parseName(n))).toEqual([]);
    }
  });

  it('fits every way of writing a name to the same customer (property)', () => {
    // a title or a company word ("Inc", "Mrs") is not a person's name: left out of the property
    const word = fc.stringMatching(/^[A-Z][a-z]{2,9}$/).filter((w) => parseName(`${w} Xy`).kind === 'person' && parseName(`Xy ${w}`).kind === 'person');
    const accentable = (w: string) => w.replace(/a/g, 'á').replace(/e/g, 'é');
    fc.assert(
      fc.property(word, word, fc.constantFrom('full', 'initial', 'last-initial', 'upper', 'accents', 'spaces'), (first, last, how) => {
        const customer = `${first} ${last}`;
        const shown = {
          full: customer,
          initial: `${first[0]}. ${last}`,
          'last-initial': `${first} ${last[0]}.`,
          upper: customer.toUpperCase(),
          accents: `${accentable(first)} ${accentable(last)}`,
          spaces: `  ${first}    ${last} `,
        }[how];
        return fits(shown, customer);
      }),
    );
  });
});
