/**
 * The trial licence of spec 000 §5 and §8 (docs/domain/licences.md): a trial
 * runs a whole number of days from its start; the "run code" is the latest
 * time the server has seen a sign-in, so a clock turned back shows.
 */
export interface Trial {
  startedAt: Date;
  /** The limit, in days (spec 000 §8: counted in days). */
  days: number;
  /** The latest time a sign-in was checked (or the trial was set): never moves back. */
  runCode: Date;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How far behind the run code the clock may be: a clock correction or a time zone change, not a turned-back calendar. */
export const CLOCK_TOLERANCE_MS = DAY_MS;
export const TRIAL_MAX_DAYS = 3650;

export type TrialVerdict =
  | { state: 'none' }
  | { state: 'active'; endsAt: Date; daysLeft: number }
  | { state: 'expired'; endsAt: Date; daysLeft: 0 }
  /** The system date is more than a day before the run code: the clock was turned back. */
  | { state: 'illegalTime'; endsAt: Date; daysLeft: number };

/**
 * Judges a trial at `now`. Elapsed time counts from the start, so a clock
 * moved forward only spends the trial; a clock moved back more than a day
 * behind the run code is refused (it would give the trial days back).
 * `daysLeft` counts started days: 1 on the last day.
 */
export function judgeTrial(trial: Trial | null, now: Date): TrialVerdict {
  if (!trial) return { state: 'none' };
  const endsAt = new Date(trial.startedAt.getTime() + trial.days * DAY_MS);
  const daysLeft = Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
  if (now.getTime() < trial.runCode.getTime() - CLOCK_TOLERANCE_MS) return { state: 'illegalTime', endsAt, daysLeft };
  if (now.getTime() >= endsAt.getTime()) return { state: 'expired', endsAt, daysLeft: 0 };
  return { state: 'active', endsAt, daysLeft };
}

/** The run code after a sign-in accepted at `now`: it only moves forward. */
export const advanceRunCode = (runCode: Date, now: Date): Date => (now.getTime() > runCode.getTime() ? now : runCode);
