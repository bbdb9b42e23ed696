// Calendar dates as day numbers, so a window is counted in days without any clock or time zone.
const MS_PER_DAY = 86_400_000;

export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY;
}
