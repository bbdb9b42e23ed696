import { describe, expect, it } from 'vitest';
import { analyzeReview, analyzeText, aspectPolarities } from '../../src/core/insights/analyze.ts';

const aspects = (text: string) => Object.fromEntries(aspectPolarities(analyzeText(text)).map((a) => [a.aspect, a.polarity]));

describe('domain lexicon', () => {
  it('knows what general lexicons miss', () => {
    expect(aspects('He showed up right on time.')).toEqual({ punctuality: 'positive' });
    expect(aspects('They were a no-show twice.')).toEqual({ punctuality: 'negative' });
    expect(aspects('He was very pushy about the maintenance plan.')).toMatchObject({ professionalism: 'negative' });
    expect(analyzeReview("Wouldn't recommend them to anyone.").polarity).toBe('negative');
  });

  it('reads "cheap" by what it describes', () => {
    expect(aspects('Cheap prices, cheap work.')).toEqual({ pricing: 'positive', workmanship: 'negative' });
    expect(aspects('It is not cheap.')).toEqual({ pricing: 'negative' });
  });

  it('finds no aspect in plain narration or rating-only text', () => {
    expect(analyzeText('We have a 20-year-old heat pump.')).toEqual([]);
    expect(analyzeText('')).toEqual([]);
    expect(analyzeText('5/5')).toEqual([]);
  });
});

describe('negation', () => {
  it("flips the judgement after not, never, no and -n't", () => {
    expect(aspects("He wasn't late.")).toEqual({ punctuality: 'positive' });
    expect(aspects('The technician never showed up.')).toEqual({ punctuality: 'negative' });
    expect(aspects('No hidden fees.')).toEqual({ pricing: 'positive', honesty: 'positive' });
    expect(aspects("The price wasn't bad at all.")).toEqual({ pricing: 'positive' });
    expect(aspects('They did not clean up after the job.')).toMatchObject({ cleanliness: 'negative' });
  });

  it('keeps its scope short', () => {
    expect(aspects('I would not recommend this company because they overcharged us badly.')).toEqual({ pricing: 'negative' });
  });

  it('turns scare-quoted praise into criticism', () => {
    expect(aspects('The toilet is still running after they "fixed" it.')).toEqual({ workmanship: 'negative' });
  });
});

describe('contrast', () => {
  it('judges each side of "but" on its own', () => {
    expect(aspects("The technician was friendly but the repair didn't hold.")).toEqual({ professionalism: 'positive', workmanship: 'negative' });
    expect(aspects('Although they arrived late, the installation was flawless.')).toEqual({ punctuality: 'negative', workmanship: 'positive' });
  });

  it('lets the closing clause settle a tie on one aspect', () => {
    expect(aspects('The price was high, but worth every penny.')).toEqual({ pricing: 'positive' });
  });

  it('reads an "except" clause as the exception to praise', () => {
    expect(aspects('Everything was great except the wait for an appointment.')).toEqual({ scheduling: 'negative' });
  });
});

describe('several aspects in one sentence', () => {
  it('gives each its own judgement', () => {
    expect(aspects('Late, rude, and overpriced.')).toEqual({ punctuality: 'negative', professionalism: 'negative', pricing: 'negative' });
    expect(aspects('Excellent work, fair price, and very clean.')).toEqual({ workmanship: 'positive', pricing: 'positive', cleanliness: 'positive' });
  });

  it('reports one mention per clause with the clause text and sentence index', () => {
    const m = analyzeText('Great price. The tech was late but polite.');
    expect(m.map((x) => [x.aspect, x.polarity, x.clause, x.sentence])).toEqual([
      ['pricing', 'positive', 'Great price', 0],
      ['punctuality', 'negative', 'The tech was late', 1],
      ['professionalism', 'positive', 'polite', 1],
    ]);
  });
});

describe("the review's star rating", () => {
  const read = (text: string, rating?: number) => analyzeText(text, { rating }).map((m) => `${m.aspect}:${m.polarity}`);

  it('gives a mention the text does not judge the direction of the rating', () => {
    expect(read('The invoice came to 860 euros.', 1)).toEqual(['pricing:negative']);
    expect(read('The invoice came to 860 euros.', 2)).toEqual(['pricing:negative']);
    expect(read('The invoice came to 860 euros.', 4)).toEqual(['pricing:positive']);
    expect(read('The invoice came to 860 euros.', 5)).toEqual(['pricing:positive']);
  });

  it('leaves it neutral at three stars or with no rating', () => {
    expect(read('The invoice came to 860 euros.', 3)).toEqual(['pricing:neutral']);
    expect(read('The invoice came to 860 euros.')).toEqual(['pricing:neutral']);
  });

  it('never overrides what the text says', () => {
    expect(read('The price was far too high.', 5)).toEqual(['pricing:negative']);
    expect(read('Fair price, on time.', 1)).toEqual(['punctuality:positive', 'pricing:positive']);
    expect(read('We have a 20-year-old heat pump.', 1)).toEqual([]);
  });
});

describe('aspectPolarities', () => {
  it('takes the majority, then the last judged mention on a tie', () => {
    const mk = (polarity: 'positive' | 'negative' | 'neutral') => ({ aspect: 'pricing' as const, polarity, score: 0, clause: '', sentence: 0 });
    expect(aspectPolarities([mk('positive'), mk('positive'), mk('negative')])).toEqual([{ aspect: 'pricing', polarity: 'positive' }]);
    expect(aspectPolarities([mk('positive'), mk('negative'), mk('neutral')])).toEqual([{ aspect: 'pricing', polarity: 'negative' }]);
    expect(aspectPolarities([mk('neutral')])).toEqual([{ aspect: 'pricing', polarity: 'neutral' }]);
  });
});

it('is deterministic', () => {
  const text = 'Carlos was on time, but the bill was higher than the quote. No mess left behind!';
  expect(JSON.stringify(analyzeReview(text))).toBe(JSON.stringify(analyzeReview(text)));
});

describe('misreadings the front page showed', () => {
  const at = (rating: number, text: string) => Object.fromEntries(aspectPolarities(analyzeText(text, { rating })).map((a) => [a.aspect, a.polarity]));

  it('reads "came back" as a return visit only when the firm came back and something judges it', () => {
    expect(at(1, 'He later came back and charged us for his own mistakes.')).toEqual({ pricing: 'negative', honesty: 'negative' });
    expect(at(1, 'The robot came back unrepaired.')).toEqual({ workmanship: 'negative' });
    expect(at(1, 'The noise came back after a week.')).toEqual({ workmanship: 'negative' });
    expect(at(5, 'When I came back in the evening, everything was clean.')).toEqual({ cleanliness: 'positive' });
    expect(at(5, 'He came back the next day to check on it.')).toEqual({ follow_up: 'positive' });
    expect(at(5, 'They came back to finish the job.')).toEqual({});
  });

  it('does not take quoted speech for the reviewer judging', () => {
    expect(at(1, 'He said "yes, that\'s good" before the call ended.')).toEqual({});
    expect(at(1, 'Sie sagte „Ja, das ist gut“ und legte auf.')).toEqual({});
    // scare quotes still turn praise into criticism
    expect(at(1, 'They "fixed" it.')).toEqual({ workmanship: 'negative' });
  });

  it('does not read the problem the firm was called for as a judgement of the firm', () => {
    expect(at(2, 'My sink was blocked and needed to be cleared of the grease.')).toEqual({});
    expect(at(5, 'We had a problem with our heating system.')).toEqual({});
    expect(at(4, 'Our heating failed on a Sunday.')).toEqual({});
    // the firm named in the stretch, or the fault still there: a judgement after all
    expect(at(1, 'My bathroom was left dirty.')).toEqual({ cleanliness: 'negative' });
    expect(at(1, 'My drain is still clogged.')).toEqual({ workmanship: 'negative' });
  });
});

describe('how people write in English', () => {
  it('lets one judgement of a list of nouns judge each of them', () => {
    expect(aspects('Her work, professionalism and expertise are outstanding.')).toEqual({
      workmanship: 'positive',
      professionalism: 'positive',
      expertise: 'positive',
    });
    // without the closing "and" the comma separates two judgements
    expect(aspects('Great work, the attitude was rude.')).toEqual({ workmanship: 'positive', professionalism: 'negative' });
  });

  it('does not read the customer explaining or experiencing something as a judgement of the firm', () => {
    expect(aspects('I explained the situation.')).toEqual({});
    expect(aspects('We experienced the same issues.')).toEqual({});
    expect(aspects('The technician was experienced.')).toEqual({ expertise: 'positive' });
  });

  it('keeps "don\'t get me wrong" from negating what follows it', () => {
    expect(aspects("The repair was pricey, don't get me wrong.")).toEqual({ pricing: 'negative' });
  });

  it('reads promptness by what it describes', () => {
    expect(aspects('Very prompt communication.')).toEqual({ communication: 'positive' });
    expect(aspects('He arrived promptly.')).toEqual({ punctuality: 'positive' });
  });

  it('knows the refunds, preparation and manner that English reviews name', () => {
    expect(aspects("I still haven't been reimbursed.")).toEqual({ follow_up: 'negative' });
    expect(aspects('They came unprepared.')).toEqual({ professionalism: 'negative' });
    expect(aspects('The owner showed up without any warning.').communication).toBe('negative');
    expect(aspects('The house looks like new.')).toEqual({ workmanship: 'positive' });
  });

  it("reads a carpet cleaner's carpet as the work and the service's name as no judgement of cleanliness", () => {
    expect(aspects('The carpet looks great.')).toEqual({ workmanship: 'positive' });
    expect(aspects('Had a great experience with my carpet cleaning service.')).toEqual({});
  });

  it('counts a recommendation for the firm as a whole, not for the noun next to it', () => {
    expect(aspects("I'd highly recommend Dave and his team.")).toEqual({});
    expect(analyzeReview("I'd highly recommend Dave and his team.").score).toBeGreaterThan(0);
  });
});
