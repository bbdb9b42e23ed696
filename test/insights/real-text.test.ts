// Behaviours learned from real review text. Every sentence here is quoted from
// test/insights/real-dev.jsonl (Google reviews written by customers; see real-data.md),
// never from the held-out half.
import { describe, expect, it } from 'vitest';
import { analyzeText, aspectPolarities } from '../../src/core/insights/analyze.ts';

const aspects = (text: string) => Object.fromEntries(aspectPolarities(analyzeText(text)).map((a) => [a.aspect, a.polarity]));

describe('real review text', () => {
  it('reads speed of coming out or helping as punctuality, and speed of the work as workmanship', () => {
    expect(aspects('Great service and fast service!')).toEqual({ punctuality: 'positive' });
    expect(aspects('Fast, very competent, friendly and helpful.')).toEqual({ punctuality: 'positive', professionalism: 'positive', expertise: 'positive' });
    expect(aspects("It's only good if you can then rely on competent and quick help.")).toEqual({ punctuality: 'positive', expertise: 'positive' });
    // an equipment noun is not the work: "quickly" is still about the help
    expect(aspects('I had a problem with the solar system and I was helped quickly, friendly and professionally.')).toMatchObject({
      punctuality: 'positive',
      professionalism: 'positive',
    });
  });

  it('reads speed said of the whole job, or of people, as punctuality too', () => {
    expect(aspects('Clean and fast work!')).toEqual({ punctuality: 'positive', workmanship: 'positive', cleanliness: 'positive' });
    expect(aspects('Very quick installation')).toMatchObject({ punctuality: 'positive' });
    expect(aspects('Very friendly, competent and reliable employee who quickly clarified and dealt with my request.')).toEqual({
      punctuality: 'positive',
      professionalism: 'positive',
      expertise: 'positive',
    });
    // a list item judges its own thing: "quick help" is not about "great work"
    expect(
      aspects('Great company, great work, great appointments, quick help with urgent matters and of course not to forget very nice and competent staff.'),
    ).toMatchObject({ punctuality: 'positive', workmanship: 'positive' });
  });

  it('reads stated non-completion, fraud, finding the error and coordinated nouns', () => {
    expect(aspects('To date, the facility has not been completed.')).toEqual({ punctuality: 'negative' });
    expect(aspects("For me it's a clear attempt at fraud!")).toEqual({ honesty: 'negative' });
    expect(aspects('We quickly found the error and repaired my Vaillant heater.')).toMatchObject({ expertise: 'positive' });
    expect(aspects('The advice and communication is great.')).toEqual({ communication: 'positive', expertise: 'positive' });
  });

  it('reads punctual, kept dates and met deadlines', () => {
    expect(aspects('Friendly, punctual and professional.')).toEqual({ punctuality: 'positive', professionalism: 'positive' });
    expect(aspects('The agreed date was kept.')).toEqual({ punctuality: 'positive' });
    expect(aspects('Company is not really customer oriented and unpunctual.')).toEqual({ punctuality: 'negative', professionalism: 'negative' });
  });

  it('reads trust as machine translation renders it, and overbilling', () => {
    expect(aspects('Very serious and competent.')).toEqual({ expertise: 'positive', honesty: 'positive' });
    expect(aspects('There were things on the bill that were never done.')).toMatchObject({ honesty: 'negative' });
    expect(aspects("Be careful and don't get fooled!")).toEqual({ honesty: 'negative' });
    expect(aspects('Promises were not kept on several occasions.')).toEqual({ honesty: 'negative' });
    expect(aspects('After 15 minutes, the craftsmen were done with the "work".')).toEqual({ workmanship: 'negative' });
  });

  it('reads advice and unanswered contact', () => {
    expect(aspects('The advice given by Mr.räder was very good and competent.')).toEqual({ expertise: 'positive' });
    expect(aspects('Neither callbacks nor sending of promised offers.')).toEqual({ communication: 'negative' });
    expect(
      aspects('Even after several phone calls with the request for urgency and 2 emails, no reaction / feedback from the Martin company after a good 5 weeks.'),
    ).toEqual({
      communication: 'negative',
    });
    expect(aspects('2021, which was then postponed to 15.03.21.')).toEqual({ scheduling: 'negative' });
  });

  it('finds no aspect in sentences that judge nothing, or only the firm as a whole', () => {
    for (const text of [
      'We also had the underfloor heating connections replaced.',
      'The heating and descaling system were serviced.',
      'I have been a long-term customer of Achatz and have had Achatz install a new heating system as well as thermal solar.',
      'I successfully completed my training as an office clerk at Abele Haustechnik and have been working in the company since 2011 and am very satisfied.',
      'Top company.',
      'Top recommendation from me, again at any time!',
      'Unfortunately we now had an emergency.',
      'During a renovation, three floors were equipped with surface heating and an air heat pump was installed as a heat generator.',
      'Beware of this installer!!!',
      'I made an appointment by phone because my washing machine needed to be connected with a siphon.',
    ]) {
      expect(analyzeText(text), text).toEqual([]);
    }
  });
});
