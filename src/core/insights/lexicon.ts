import type { AspectId } from '../schemas/aspects.ts';

// The domain lexicon for home services (HVAC, plumbing, electrical). Phrases are
// lower-case token sequences as produced by text.ts (hyphens split, apostrophes kept);
// a token ending in "*" matches any token with that prefix. At every position the
// longest matching phrase wins, so a specific phrase ("leak came back") overrides the
// words in it. Scores use the AFINN scale, -3..+3.

/** A score that depends on the aspect the word describes ("cheap" price vs "cheap" work). */
export type ConditionalScore = Partial<Record<AspectId, number>> & { default: number };
export type Score = number | ConditionalScore;

/** Names an aspect without judging it ("price", "appointment"). */
export const CUES: Record<AspectId, string[]> = {
  punctuality: [
    'punctuality', 'appointment window', 'arrival window', 'window', 'tardy', 'deadline', 'deadlines', 'agreed date', 'agreed dates',
    'agreed time', 'agreed times', 'timing', 'response time',
  ],
  professionalism: ['professionalism', 'attitude', 'manners', 'demeanor', 'behavior', 'behaviour', 'courtesy'],
  communication: [
    'communication', 'communicate*', 'phone call', 'text', 'texts', 'texted', 'email', 'emails', 'emailed',
    'questions', 'message*', 'voicemail*', 'arrival time', 'eta', 'heads up', 'phone calls', 'information', 'conversation',
  ],
  pricing: [
    'price', 'prices', 'priced', 'pricing', 'cost', 'costs', 'costed', 'charge', 'charges', 'charged', 'charging', 'fee', 'fees',
    'trip fee', 'diagnostic fee', 'service fee', 'service call fee', 'bill', 'billed', 'billing', 'invoice*', 'quote', 'quotes', 'quoted',
    'estimate', 'estimates', 'rate', 'rates', 'paid', 'pay', 'paying', 'money', 'dollar*', 'penny', 'pennies', 'financing',
    'travel fee', 'travel expenses', 'travel costs', 'cost estimate', 'offer price', 'material costs', 'price performance', 'value for money', 'flat rate',
  ],
  workmanship: [
    'workmanship', 'craftsmanship', 'quality', 'results', 'result', 'leak', 'leaks', 'clog', 'repair job',
  ],
  cleanliness: ['cleanup', 'clean up', 'cleanliness', 'carpet*'],
  scheduling: [
    'schedul*', 'appointment', 'appointments', 'appt', 'book', 'booked', 'booking', 'slot', 'slots',
    'reschedul*', 'earliest', 'wait time', 'availability', 'booking system', 'online booking', 'scheduling system', 'booking app', 'online booking system',
  ],
  expertise: ['expertise', 'competence', 'knowledge', 'skill', 'skills', 'diagnosis', 'diagnose*', 'diagnostic', 'troubleshoot*', 'experience level'],
  honesty: ['honesty', 'transparency', 'recommendation', 'recommendations'],
  follow_up: ['warranty', 'warranties', 'guarantee*', 'refund*', 'rebate*', 'warranty claim', 'claim', 'return visit', 'follow up call'],
};

/** Equipment nouns: weak workmanship cues that name a thing, not the work done on it ("quick" never describes them). */
export const EQUIPMENT = [
  'ductwork', 'panel', 'system', 'unit', 'thermostat', 'outlet', 'outlets', 'water heater', 'furnace', 'ac', 'toilet', 'faucet', 'sink',
];

/**
 * Cues too general to count on their own ("repair", "job", a service's name): they make
 * a mention only when some judgement attaches to them in the same clause.
 */
export const WEAK_CUES: Record<AspectId, string[]> = {
  punctuality: ['arriv*'],
  professionalism: ['customer service', 'staff', 'crew', 'employees', 'employee', 'workers', 'tone', 'style'],
  communication: ['explain', 'phone'],
  pricing: ['value', 'budget', 'deal'],
  workmanship: [
    'work', 'job', 'performance', 'execution', 'implementation', 'standards', 'fix', 'install', 'installs', 'installation', 'wiring', 'repair', 'repairs', 'repaired', 'installed', 'installing', 'replacement', 'replaced', 'tune up', 'maintenance',
    'duct cleaning', 'drain cleaning', 'dryer vent cleaning', 'sewer cleaning', 'furnace cleaning', 'coil cleaning', 'ac cleaning',
    ...EQUIPMENT,
  ],
  cleanliness: ['floors'],
  scheduling: ['available', 'emergency service', 'emergency services', 'emergency appointment', 'emergency call', 'scheduler', 'schedulers', 'office', 'dispatch', 'dispatcher', 'next day', 'weekend', 'weekends', 'saturday', 'sunday', 'holiday', 'after hours', 'next week'],
  expertise: ['advice', 'advised'],
  honesty: ['promises', 'promise'],
  follow_up: ['come back', 'after the job', 'afterwards', 'afterward'],
};

/** Words that name an aspect and judge it at once ("late", "no-show", "overcharged"). */
export const TERMS: Record<AspectId, Record<string, number>> = {
  punctuality: {
    'on time': 2, 'right on time': 3, 'on schedule': 2, 'early': 1, 'prompt': 2, 'promptly': 2, 'late': -2, 'running late': -2,
    'no show': -3, 'no showed': -3, 'stood us up': -3, 'stood me up': -3, 'waited all day': -3, 'left early': -1, 'after the window': -2, 'outside the window': -2,
    'never showed': -3, 'never showed up': -3, 'never came': -3, 'show up': 1, 'showed up': 1, 'shows up': 1, 'showing up': 1,
    'when they said they would': 2, 'when he said he would': 2, 'when she said she would': 2,
    'punctual': 2, 'punctually': 2, 'unpunctual': -2, 'in no time': 2, 'timely': 2, 'no one came': -3, 'nobody came': -3, 'delay': -2, 'delays': -2,
    'delayed': -2, 'came right away': 2, 'come right away': 2, 'comes right away': 2, 'came immediately': 2, 'come immediately': 2,
    'comes immediately': 2, 'came quickly': 2, 'come quickly': 2, 'reliability': 1, 'hour of waiting': -2, 'hours of waiting': -2, 'within half an hour': 2, 'within an hour': 2,
    'same morning': 2, 'same evening': 2, 'appointments are kept': 2,
    'appointments were kept': 2, 'appointment was kept': 2, 'appointments are not kept': -2, 'appointments were not kept': -2,
    'appointment was not kept': -2,
  },
  professionalism: {
    'professional': 2, 'professionally': 2, 'unprofessional': -3, 'polite': 2, 'politely': 2, 'impolite': -2, 'courteous': 2,
    'discourteous': -2, 'friendly': 2, 'friendlier': 2, 'friendliest': 3, 'unfriendly': -2, 'rude': -3, 'rudely': -3, 'ruder': -3,
    'respectful': 2, 'respectfully': 2, 'disrespectful': -3, 'nice guy': 2, 'nice man': 2, 'nice people': 2, 'super nice': 2,
    'very nice': 2, 'so nice': 2, 'really nice': 2, 'was nice': 2, 'were nice': 2, 'kind': 2, 'pleasant': 2, 'lovely': 2, 'patient': 2,
    'patiently': 2, 'impatient': -2, 'pushy': -2, 'pressure': -1, 'pressured': -1, 'pressuring': -1, 'high pressure': -2,
    'hard sell': -2, 'condescending': -2, 'arrogant': -2, 'dismissive': -2, 'on his phone': -2, 'on her phone': -2,
    'on their phones': -2, 'apologize': 1, 'apologized': 1, 'apologise': 1, 'apologised': 1, 'apology': 1, 'mask': 1,
    'uniform': 1, 'uniformed': 1, 'personable': 2, 'cordial': 2, 'gentleman': 2, 'sweetheart': 2, 'yelled': -3, 'argued': -2,
    'argumentative': -2, 'attitude problem': -3, 'bad attitude': -3, 'welcome': 1, 'harsh': -2, 'impudent': -3, 'impudence': -3,
    'cheeky': -2, 'cheekily': -2, 'offended': -2, 'customer oriented': 2, 'customer friendly': 2, 'uninterested': -2, 'cooperative': 2,
    'empathetic': 2, 'helpful': 2, 'friendliness': 2, 'accommodating': 2, 'kindness': 2, 'committed': 2, 'displeasure': -2,
  },
  communication: {
    'communicative': 2, 'explained': 1, 'explains': 1, 'explaining': 1, 'explanation': 1, 'explanations': 1,
    'walked me through': 2, 'walked us through': 2, 'showed me': 1, 'showed us': 1, 'kept me updated': 2, 'kept us updated': 2,
    'kept me informed': 2, 'kept us informed': 2, 'kept me posted': 2, 'kept us posted': 2, 'updated': 1, 'updates': 1,
    'informed': 1, 'call ahead': 2, 'called ahead': 2, 'calls ahead': 2, 'call': 1, 'called': 1, 'calls': 1, 'call back': 2,
    'called back': 2, 'call me back': 2, 'call us back': 2, 'callback': 2, 'returned my calls': 2, 'returned our calls': 2,
    'return my calls': 2, 'return calls': 2, 'let us know': 1, 'let me know': 1, 'answer': 1, 'answered': 1, 'answering': 1,
    'answers': 1, 'respond': 1, 'responded': 1, 'responds': 1, 'response': 1, 'responsive': 2, 'unresponsive': -3,
    'told me': 1, 'told us': 1, 'listen': 1, 'listened': 1, 'listens': 1, 'ignored': -2, 'ghosted': -3, 'on hold': -2, 'confirm': 1, 'confirmed': 1,
    'confirmation': 1, 'in the dark': -2, 'never heard back': -3, 'clearly explained': 2, 'reaction': 1, 'feedback': 1, 'reply': 1,
    'replies': 1, 'replied': 1, 'responding': 1, 'stopped responding': -2, 'stopped answering': -2, 'unanswered': -2, 'unavailable': -2, 'unreachable': -2, 'reachable': 1, 'callbacks': 2,
    'call backs': 2, 'discuss': 1, 'discusses': 1, 'discussed': 1, 'informative': 2, "didn't cancel": -2, 'did not cancel': -2,
    'without consultation': -2, 'comment': 1, 'commented': 1, 'be reached': 1, 'announced': 1,
  },
  pricing: {
    'expensive': -2, 'pricey': -2, 'overpriced': -3, 'overcharge': -3, 'overcharged': -3, 'overcharging': -3, 'price gouging': -3,
    'gouge': -3, 'gouged': -3, 'upcharge': -2, 'affordable': 2, 'reasonably priced': 2, 'fairly priced': 2, 'inexpensive': 2,
    'discount': 2, 'discounted': 2, 'coupon': 1, 'waived': 2, 'no charge': 2, 'free of charge': 2, 'free': 1,
    'worth every penny': 3, 'worth the money': 2, 'worth the price': 2, 'worth it': 2, 'extra charge': -1, 'extra charges': -1,
    'extra cost': -1, 'extra fee': -1, 'extra fees': -1, 'competitive': 2, 'too much': -2, 'price was right': 2,
    'gone up': -1, 'went up': -1, 'rip off': -3, 'ripoff': -3, 'ripped off': -3, 'usury': -3, 'costs extra': -1, 'cost extra': -1, 'costs more': -1, 'cost more': -1, 'surcharge': -2, 'surcharges': -2,
  },
  workmanship: {
    'fixed': 1, 'fixing': 1, 'fixes': 1, 'works': 1, 'working': 1, 'worked': 1, 'done right': 2, 'did it right': 2,
    'got it right': 2, 'right the first time': 3, 'first time right': 3, 'running again': 2, 'working again': 2,
    'cooling again': 2, 'heating again': 2, 'blowing cold': 2, 'hot water': 1, 'not cooling': -2, "wasn't cooling": -2, "isn't cooling": -2, 'not heating': -2,
    "wasn't heating": -2, "isn't heating": -2, 'meticulous': 2, 'solved': 1, 'life threatening': -3, 'superficial': -2, 'superficially': -2, 'dangerous': -2, 'high standards': 2,
    'neat': 2, 'neatly': 2, 'sloppy': -2, 'shoddy': -3, 'botched': -3, 'hack job': -3, "rat's nest": -2, 'leaking': -1,
    'still leaking': -3, 'still leaks': -3, 'leak came back': -3, 'leaks came back': -3, 'problem came back': -3,
    'issue came back': -3, 'clogged': -1, 'still clogged': -3, 'clogged again': -3, 'backed up again': -3, 'still running': -2,
    'still broken': -3, 'broke again': -3, 'stopped working': -2, 'quit working': -2, 'stopped working again': -3,
    'only lasted': -2, 'efficient': 2, 'efficiently': 2, 'inefficient': -2, 'passed inspection': 2, 'failed inspection': -3,
    'up to code': 2, 'not up to code': -3, 'still no heat': -3, 'still no hot water': -3, 'still no power': -3, 'still no ac': -3,
    'first class work': 3, 'quality work': 2, 'great work': 2, 'good work': 2, 'poor work': -2, 'bad work': -2,
    'great job': 2, 'good job': 2, 'excellent job': 3, 'fantastic job': 3, 'amazing job': 3, 'terrible job': -3, 'poor job': -2,
    'hold': 1, 'held up': 1, 'holding up': 1, 'sagging': -2, 'crooked': -2, 'took twice as long': -2, 'took longer': -1,
  },
  cleanliness: {
    'clean': 2, 'cleaned up': 2, 'cleaned': 1, 'cleaner': 2, 'cleanest': 3, 'spotless': 3, 'tidy': 2, 'tidied': 2, 'tidied up': 2,
    'untidy': -2, 'mess': -2, 'messes': -2, 'messy': -2, 'dirty': -2, 'dirt': -1, 'dust': -1, 'dusty': -1, 'debris': -1,
    'trash': -1, 'garbage': -1, 'sawdust': -1, 'mud': -2, 'muddy': -2, 'shoe covers': 2, 'shoe cover': 2, 'booties': 2,
    'drop cloth': 2, 'drop cloths': 2, 'tarp': 1, 'tarps': 1, 'vacuumed': 2, 'vacuum': 1, 'swept': 1, 'wiped': 1,
    'picked up after': 2, 'cleaned up after': 2, 'clean up after': 2, 'left a mess': -3, 'cleanly': 2, 'disposed of': 1, 'lying around': -2,
  },
  scheduling: {
    'same day': 2, 'easy to schedule': 2, 'easy to book': 2, 'cancelled': -2, 'canceled': -2, 'cancel': -1,
    'cancellation': -1, 'rescheduled': -1, 'weeks out': -2, 'booked out': -2, 'booked solid': -2, 'had someone out': 1,
    'get someone out': 1, 'got someone out': 1, 'get anyone out': 1, 'got a tech out': 1, 'fit us in': 2, 'fit me in': 2,
    'squeezed us in': 2, 'squeezed me in': 2, 'worked us in': 2, 'worked me in': 2, 'postponed': -2, 'put off': -2, 'put us off': -2,
    'put me off': -2, 'canceling': -2, 'cancelling': -2, 'at short notice': 1, 'flexible': 2, 'had time': 1, 'have time': 1, 'shortage of staff': -2,
  },
  expertise: {
    'knowledgeable': 2, 'knowledgable': 2, 'knew what he was doing': 2, 'knew what she was doing': 2,
    'knew what they were doing': 2, 'know what they are doing': 2, "know what they're doing": 2, 'knows what he is doing': 2,
    "knows what he's doing": 2, 'knew his stuff': 2, 'knows his stuff': 2, 'knew her stuff': 2, 'know their stuff': 2,
    'knew': 1, 'know much': 1, 'expert': 2, 'experts': 2, 'skilled': 2, 'skillful': 2, 'experienced': 2, 'inexperienced': -2,
    'years of experience': 2, 'lots of experience': 2, 'diagnosed': 1, 'misdiagnosed': -3, 'figured out': 2, 'figure out': 1,
    'figure it out': 1, 'understood': 1, 'understand': 1, 'competent': 2, 'incompetent': -3, 'clueless': -3, 'amateur': -2,
    'amateurs': -2, 'had no idea': -2, 'no idea what': -2, 'trained': 1, 'untrained': -2, 'savvy': 2, 'pinpointed': 2,
    'wealth of experience': 2, 'ingenuity': 2, 'found and corrected': 2, 'found and fixed': 2, 'found the problem': 2, 'found the fault': 2,
    'found the leak': 2, 'found the cause': 2, 'was discovered': 1, 'were discovered': 1, 'determined that': 1, 'competently': 2, 'well advised': 2, 'specialist': 1, 'specialists': 1,
    'overwhelmed': -2,
  },
  honesty: {
    'honest': 2, 'honestly': 2, 'dishonest': -3, 'trust': 2, 'trusted': 2, 'trustworthy': 3, 'untrustworthy': -3, 'upfront': 2, 'up front': 2,
    'transparent': 2, 'scam': -3, 'scammed': -3, 'scammers': -3, 'scamming': -3, 'lie': -3, 'lied': -3, 'lying': -3, 'liar': -3,
    'liars': -3, 'upsell': -2, 'upsold': -2, 'upselling': -2, 'up sell': -2, 'oversell': -2, 'tried to sell': -2,
    'shady': -3, 'sketchy': -2, 'take advantage': -2, 'took advantage': -2, 'straight shooter': 2, 'integrity': 2,
    'instead of replacing': 2, 'instead of replacement': 2, 'instead of a new': 2, "didn't need": 1, 'did not need': 1,
    'serious': 2, 'dubious': -2, 'reputable': 2, 'disreputable': -3, 'fooled': -3, 'supposedly': -2, 'incomprehensible': -2,
    'persuade': -2, 'persuaded': -2, 'wanted to sell': -2, 'lack of transparency': -3, 'rogue': -3, 'false': -2, 'never done': -2, 'led to believe': -2, "don't get fooled": -3,
  },
  follow_up: {
    'follow up': 1, 'followed up': 2, 'follows up': 2, 'following up': 1, 'checked back': 2, 'check back': 1, 'checked in': 2,
    'checking in': 2, 'called to check': 2, 'called to make sure': 2, 'call to check': 2, 'came back': 1, 'make it right': 2,
    'made it right': 2, 'made things right': 2, 'honored the warranty': 2, 'honored their warranty': 2, 'stood behind': 2,
  },
};

/** Terms that judge only when negated ("didn't call"); otherwise they are narration and only name their aspect. */
export const NEGATED_ONLY_TERMS = ['call', 'called', 'calls'];

/** Terms that judge two aspects at once. */
export const MULTI_TERMS: [string, AspectId[], number][] = [
  ['hidden fees', ['pricing', 'honesty'], -2],
  ['hidden fee', ['pricing', 'honesty'], -2],
  ['hidden costs', ['pricing', 'honesty'], -2],
  ['hidden charges', ['pricing', 'honesty'], -2],
  ['upfront pricing', ['pricing', 'honesty'], 2],
  ['transparent pricing', ['pricing', 'honesty'], 2],
  ['honest pricing', ['pricing', 'honesty'], 2],
  ['fair and honest', ['pricing', 'honesty'], 2],
  ['charged what they quoted', ['pricing', 'honesty'], 2],
  ['stuck to the quote', ['pricing', 'honesty'], 2],
  ['bait and switch', ['pricing', 'honesty'], -3],
  ['tried to charge', ['pricing', 'honesty'], -2],
];

/**
 * Judgements with a home aspect: they describe a nearby neutral cue in the same segment
 * ("the cleanup was thorough"), otherwise their home aspect ("quick and thorough").
 */
export const MODIFIERS: [string, AspectId, Score][] = [
  ['cheap', 'pricing', { pricing: 2, default: -2 }],
  ['cheaper', 'pricing', { pricing: 2, default: -1 }],
  ['cheapest', 'pricing', { pricing: 2, default: -1 }],
  ['reasonable', 'pricing', 2],
  ['steep', 'pricing', { pricing: -2, default: -1 }],
  ['outrageous', 'pricing', -3],
  ['excessive', 'pricing', -2],
  ['thorough', 'workmanship', 2],
  ['careful', 'workmanship', 2],
  ['careless', 'workmanship', -2],
  ['slow', 'workmanship', -1],
  ['slower', 'workmanship', -1],
  ['flawless', 'workmanship', 3],
  ['flawlessly', 'workmanship', 3],
  ['top notch', 'workmanship', 3],
  ['carefully', 'workmanship', 2],
  ['reliable', 'punctuality', 2],
  ['reliably', 'punctuality', 2],
  ['unreliable', 'punctuality', -2],
  ['conscientious', 'workmanship', 2],
  ['conscientiously', 'workmanship', 2],
  ['fast', 'punctuality', 2],
  ['faster', 'punctuality', 2],
  ['quick', 'punctuality', 2],
  ['quicker', 'punctuality', 2],
  ['quickly', 'punctuality', 2],
  ['immediately', 'punctuality', 2],
  ['immediate', 'punctuality', 2],
  ['speedy', 'punctuality', 2],
  ['swift', 'punctuality', 2],
];

/** Domain judgements without an aspect of their own: they describe the nearest cue. */
export const POLAR: Record<string, Score> = {
  'highly recommend': 3, 'highly recommended': 3, 'would recommend': 2, 'recommend': 2, 'recommended': 2,
  'use them again': 2, 'call them again': 2, 'never again': -3, 'go elsewhere': -2, 'look elsewhere': -2, 'stay away': -3,
  'breath of fresh air': 2, 'life saver': 3, 'lifesaver': 3, 'saved the day': 3, 'above and beyond': 3,
  "can't say enough good things": 3, 'cannot say enough good things': 3, "couldn't be happier": 3, 'could not be happier': 3,
  "can't recommend them enough": 3, "couldn't ask for": 3, 'never run better': 3, 'never worked better': 3,
  'never been better': 3, 'never looked better': 3, 'nothing special': -0.4, 'just as good': 2, 'could be better': -2,
  'could have been better': -2, 'room for improvement': -1, 'speak for themselves': 2, 'speaks for itself': 2,
  'noticeable difference': 2, 'huge difference': 2, 'big difference': 2, 'made a difference': 2, 'took forever': -2,
  'took too long': -2, 'had a problem': -1, 'had problems': -1, 'had an issue': -1, 'had issues': -1,
  'any problems': -1, 'any issues': -1, 'no problems': 2, 'no issues': 2, 'no problem': 1, 'long wait': -2, 'still waiting': -2, 'never got one': -3, 'never got': -2, 'never received': -2, 'within the hour': 2, 'right away': 2, 'as promised': 1,
  'high': { pricing: -2, default: 0 }, 'higher': { pricing: -2, default: 0 }, 'highest': { pricing: -2, default: 0 },
  'low': { pricing: 2, default: 0 }, 'lower': { pricing: 2, default: 0 }, 'lowest': { pricing: 2, default: 0 },
  'twice': { pricing: -1, default: 0 }, 'fine': 0.4, 'ok': 0.4, 'okay': 0.4, 'alright': 0.4, 'so so': -0.4, 'average': -0.4,
  'nonexistent': -2, 'non existent': -2, 'breeze': 2, 'painless': 2, 'hassle': -2, 'fuss': -1, 'nightmare': -3,
  'was kept': 1, 'were kept': 1, 'is kept': 1, 'are kept': 1, 'been kept': 1, 'was met': 1, 'were met': 1, 'is met': 1,
  'are met': 1, 'been met': 1, 'adhered to': 1, 'not kept': -1, 'not met': -1, 'not adhered to': -1, 'first class': 3,
  'a plus': 3, 'five stars': 3, '5 stars': 3, 'one star': -3, '1 star': -3,
};

/** Words that flip the polarity of the judgements that follow them. */
export const NEGATORS = [
  'not', 'no', 'never', 'wish they had', 'wish he had', 'wish she had', 'should have', 'without', 'nobody', 'nothing', 'none', 'neither', 'nor', 'hardly', 'barely', 'lack', 'lacked',
  'lacking', 'cannot', 'dont', 'didnt', 'doesnt', 'wasnt', 'werent', 'isnt', 'arent', 'wont', 'wouldnt', 'couldnt',
  'shouldnt', 'havent', 'hasnt', 'hadnt', 'cant', 'could have', 'should be', 'should also have',
];

/** Phrases consumed with no effect, so that their words do not count ("kind of", "not only"). */
export const NEUTRAL_PHRASES = [
  'not only', 'not just', 'no matter', 'nothing but', 'no doubt', 'kind of', 'sort of', 'water pressure', 'garbage disposal',
  'clean out', 'cleanout', 'no heat', 'no hot water', 'no ac', 'no power', 'no air', 'i called', 'we called', 'i call',
  'we call', "i've called", 'i had called', 'called them', 'call them', 'call the office', 'called the office',
  'called around', 'service call', 'to be honest',
  'if not', 'not sure', 'high efficiency', 'low flow', 'be careful', 'energy efficient', 'work with', 'to work with', 'working with',
  'working together', 'been working', 'my work', 'piece of advice', 'serious problem', 'serious problems', 'serious issue', 'serious damage',
  'was confirmed', 'after the call', 'one call', 'as well as', 'as well', 'after a good', 'put on hold', 'top recommendation',
  'my recommendation', 'clear recommendation', 'absolute recommendation', 'recommendation from me', 'feel free', 'be free', 'free on',
  'were recommended', 'was recommended', 'recommended to me', 'in the book', 'by the book', 'charge level', 'way of working',
  'late at night', 'late in the evening', 'late afternoon', 'not to forget', 'not forgetting', 'cost savings',
];

/** Words after which a clause is hypothetical: judgements there do not count. */
export const IRREALIS = ['whether', 'hopefully', 'hope'];
