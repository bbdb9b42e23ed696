/** The aspect vocabulary of insights.json, a public contract: ids are never renamed. */
export const ASPECT_IDS = [
  'punctuality',
  'professionalism',
  'communication',
  'pricing',
  'workmanship',
  'cleanliness',
  'scheduling',
  'expertise',
  'honesty',
  'follow_up',
] as const;

export type AspectId = (typeof ASPECT_IDS)[number];

export type Polarity = 'positive' | 'negative' | 'neutral';

export const POLARITIES: readonly Polarity[] = ['positive', 'negative', 'neutral'];

export interface AspectInfo {
  id: AspectId;
  label: string;
  definition: string;
}

export const ASPECTS: readonly AspectInfo[] = [
  { id: 'punctuality', label: 'Punctuality', definition: 'Arriving when promised: on time, within the window, late or a no-show.' },
  { id: 'professionalism', label: 'Professionalism', definition: 'Courtesy, respect and manner of the staff: polite, friendly, rude or pushy.' },
  { id: 'communication', label: 'Communication', definition: 'Explaining the work, keeping the customer informed, answering calls and messages.' },
  { id: 'pricing', label: 'Pricing', definition: 'Prices, fees, quotes and bills: fair, affordable, expensive or overcharged.' },
  { id: 'workmanship', label: 'Workmanship', definition: 'Quality and result of the work: fixed right, neat and thorough, or still broken.' },
  { id: 'cleanliness', label: 'Cleanliness', definition: 'Cleaning up after the job: shoe covers and drop cloths, or a mess left behind.' },
  { id: 'scheduling', label: 'Scheduling', definition: 'Booking and availability: same-day and weekend appointments, waits, cancellations.' },
  { id: 'expertise', label: 'Expertise', definition: 'Knowledge, skill and diagnosis: knew what they were doing, or could not find the fault.' },
  { id: 'honesty', label: 'Honesty', definition: 'Trust and transparency: upfront about costs, no upselling, or a scam.' },
  { id: 'follow_up', label: 'Follow-up', definition: 'After the job: check-in calls, return visits, warranty claims and refunds.' },
];

export function isAspectId(value: unknown): value is AspectId {
  return typeof value === 'string' && (ASPECT_IDS as readonly string[]).includes(value);
}
