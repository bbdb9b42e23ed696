import { describe, expect, it } from 'vitest';
import { splitClauses, splitClauseTokens, splitSentences, tokenize } from '../../src/core/insights/text.ts';

const clauses = (s: string) => splitClauses(s).clauses.map((c) => c.text);

describe('splitSentences', () => {
  it('splits at sentence ends and line breaks, keeping offsets into the original text', () => {
    const text = 'Great job!  Would hire again.\nFast and clean';
    const spans = splitSentences(text);
    expect(spans.map((s) => s.text)).toEqual(['Great job!', 'Would hire again.', 'Fast and clean']);
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('does not split after abbreviations, initials or inside numbers', () => {
    expect(splitSentences('Dr. Smith paid $1,200.50 for it. Maria G. was great.').map((s) => s.text)).toEqual([
      'Dr. Smith paid $1,200.50 for it.',
      'Maria G. was great.',
    ]);
  });

  it('drops empty and punctuation-only pieces', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences(' ... !! ')).toEqual([]);
  });
});

describe('tokenize', () => {
  it('lower-cases, splits hyphens, keeps apostrophes and folds typographic ones', () => {
    expect(tokenize('No-show, wasn’t SAME-DAY').map((t) => t.t)).toEqual(['no', 'show', ',', "wasn't", 'same', 'day']);
  });

  it('marks short double-quoted spans as scare quotes', () => {
    const toks = tokenize('after they "fixed" it');
    expect(toks.filter((t) => t.quoted).map((t) => t.t)).toEqual(['fixed']);
  });
});

describe('clause splitting at contrast', () => {
  it('splits at "but" and drops the connective', () => {
    expect(clauses('The tech was friendly but the repair did not hold.')).toEqual(['The tech was friendly', 'the repair did not hold']);
  });

  it('keeps "not only ... but also" together', () => {
    expect(clauses('He was not only on time but also called ahead.')).toEqual(['He was not only on time but also called ahead']);
  });

  it('ends an opening "although" clause at its comma', () => {
    expect(clauses('Although they arrived late, the installation was flawless.')).toEqual(['they arrived late', 'the installation was flawless']);
  });

  it('treats a parenthetical "however" as no split, and a semicolon as one', () => {
    expect(clauses('The plumber was on time; the bill, however, was outrageous.')).toEqual(['The plumber was on time', 'the bill, however, was outrageous']);
  });

  it('splits at "though" mid-sentence but not at a closing ", though"', () => {
    expect(clauses('The scheduler was lovely, though the tech was an hour late.')).toEqual(['The scheduler was lovely', 'the tech was an hour late']);
    expect(clauses('Pricey, though.')).toEqual(['Pricey']);
  });

  it('flags the clause after "except"', () => {
    const parts = splitClauseTokens(tokenize('Everything was great except the wait for an appointment'));
    expect(parts.map((p) => p.exception)).toEqual([false, true]);
  });
});
