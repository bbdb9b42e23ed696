// Behaviours learned from real review text. The sentences here are the team's own, written to
// show each behaviour; the real sentences that taught them stay in the corpus beside the project
// (docs/insights.md, "Real review text"), because they are not ours to publish.
import { describe, expect, it } from 'vitest';
import { analyzeText, aspectPolarities } from '../../src/core/insights/analyze.ts';

const aspects = (text: string) => Object.fromEntries(aspectPolarities(analyzeText(text)).map((a) => [a.aspect, a.polarity]));

describe('real review text', () => {
  it('reads speed of coming out or helping as punctuality, and speed of the work as workmanship', () => {
    expect(aspects('Quick service and fast service!')).toEqual({ punctuality: 'positive' });
    expect(aspects('Fast, extremely competent, polite and helpful.')).toEqual({ punctuality: 'positive', professionalism: 'positive', expertise: 'positive' });
    expect(aspects('It only counts if you can then count on competent and quick help.')).toEqual({ punctuality: 'positive', expertise: 'positive' });
    // an equipment noun is not the work: "quickly" is still about the help
    expect(aspects('We had a fault with the boiler and were helped quickly, kindly and professionally.')).toMatchObject({
      punctuality: 'positive',
      professionalism: 'positive',
    });
  });

  it('reads speed said of the whole job, or of people, as punctuality too', () => {
    expect(aspects('Tidy and fast work!')).toEqual({ punctuality: 'positive', workmanship: 'positive', cleanliness: 'positive' });
    expect(aspects('Very speedy installation')).toMatchObject({ punctuality: 'positive' });
    expect(aspects('Very polite, competent and reliable fitter who quickly sorted out and handled my query.')).toEqual({
      punctuality: 'positive',
      professionalism: 'positive',
      expertise: 'positive',
    });
    // a list item judges its own thing: "quick help" is not about "good work"
    expect(aspects('Good firm, good work, good appointments, quick help with urgent problems and of course very nice and competent people.')).toMatchObject({
      punctuality: 'positive',
      workmanship: 'positive',
    });
  });

  it('reads stated non-completion, fraud, finding the error and coordinated nouns', () => {
    expect(aspects('So far, the system has still not been completed.')).toEqual({ punctuality: 'negative' });
    expect(aspects('This is plainly an attempt at fraud!')).toEqual({ honesty: 'negative' });
    expect(aspects('They quickly found the fault and repaired our boiler.')).toMatchObject({ expertise: 'positive' });
    expect(aspects('The advice and communication were great.')).toEqual({ communication: 'positive', expertise: 'positive' });
  });

  it('reads punctual, kept dates and met deadlines', () => {
    expect(aspects('Polite, punctual and professional.')).toEqual({ punctuality: 'positive', professionalism: 'positive' });
    expect(aspects('The agreed appointment was kept.')).toEqual({ punctuality: 'positive' });
    expect(aspects('The firm is not really customer oriented and unpunctual.')).toEqual({ punctuality: 'negative', professionalism: 'negative' });
  });

  it('reads trust as machine translation renders it, and overbilling', () => {
    expect(aspects('Very serious and knowledgeable.')).toEqual({ expertise: 'positive', honesty: 'positive' });
    expect(aspects('The invoice listed things that were never done.')).toMatchObject({ honesty: 'negative' });
    expect(aspects("Watch out and don't get fooled!")).toEqual({ honesty: 'negative' });
    expect(aspects('Promises were broken several times.')).toEqual({ honesty: 'negative' });
    expect(aspects('After 10 minutes the fitters were finished with the "work".')).toEqual({ workmanship: 'negative' });
  });

  it('reads advice and unanswered contact', () => {
    expect(aspects('The advice from Mr. Huber was very good and competent.')).toEqual({ expertise: 'positive' });
    expect(aspects('Neither a callback nor the promised offer arrived.')).toEqual({ communication: 'negative' });
    expect(aspects('Even after several calls asking for urgency and three emails, no reaction or feedback from the firm after four weeks.')).toEqual({
      communication: 'negative',
    });
    expect(aspects('2022, which was then postponed to 20.04.22.')).toEqual({ scheduling: 'negative' });
  });

  it('finds no aspect in sentences that judge nothing, or only the firm as a whole', () => {
    for (const text of [
      'We also had the radiator valves replaced.',
      'The heating and water softener were serviced.',
      'I have been a customer of Huber for years and had Huber install a new boiler as well as solar panels.',
      'I did my apprenticeship at Huber Haustechnik, work there to this day and am very satisfied.',
      'Great firm.',
      'Top recommendation from us, any time again!',
      'Sadly we then had an emergency.',
      'During the renovation, two floors got underfloor heating and a heat pump was installed as the heat source.',
      'Be warned about this plumber!!!',
      'I made an appointment by phone because our dishwasher had to be connected with a siphon.',
    ]) {
      expect(analyzeText(text), text).toEqual([]);
    }
  });
});
