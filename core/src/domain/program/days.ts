/**
 * Plan dates are calendar days 'YYYY-MM-DD'; the engine counts them as whole days since 1970-01-01 (UTC),
 * so arithmetic is integer and no time zone or daylight saving moves a bar.
 */
const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of 'YYYY-MM-DD', or undefined for text that is no real calendar day (2026-02-30). */
export function dayNumber(value: string): number | undefined {
  const match = DAY.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
}

/** 'YYYY-MM-DD' of a day number. */
export const dayString = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Whether text is a real calendar day in 'YYYY-MM-DD'. */
export const isDay = (value: string): boolean => dayNumber(value) !== undefined;
