import { describe, expect, it } from 'vitest';
import { advanceRunCode, DAY_MS, judgeTrial } from './trial.ts';

const start = new Date('2026-03-01T08:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * DAY_MS);
const trial = (runCodeDays = 0) => ({ startedAt: start, days: 30, runCode: at(runCodeDays) });

describe('trial period (spec 000 §5, §8)', () => {
  it('is none without a trial', () => {
    expect(judgeTrial(null, at(0))).toEqual({ state: 'none' });
  });

  it('counts the days left, 1 on the last day, and expires when the elapsed days pass the limit', () => {
    expect(judgeTrial(trial(), at(0))).toMatchObject({ state: 'active', daysLeft: 30 });
    expect(judgeTrial(trial(), at(0.5))).toMatchObject({ state: 'active', daysLeft: 30 });
    expect(judgeTrial(trial(29), at(29.99))).toMatchObject({ state: 'active', daysLeft: 1 });
    expect(judgeTrial(trial(29), at(30))).toMatchObject({ state: 'expired', daysLeft: 0, endsAt: at(30) });
    expect(judgeTrial(trial(29), at(45))).toMatchObject({ state: 'expired', daysLeft: 0 });
  });

  it('refuses a clock more than one day behind the run code, never a clock ahead of it', () => {
    // a server switched off over a long weekend: the clock is days ahead of the run code, which is normal
    expect(judgeTrial(trial(2), at(6))).toMatchObject({ state: 'active', daysLeft: 24 });
    // a clock correction within a day is tolerated
    expect(judgeTrial(trial(10), at(9.01))).toMatchObject({ state: 'active' });
    expect(judgeTrial(trial(10), at(9))).toMatchObject({ state: 'active' });
    // turned back further: refused, even when the trial would otherwise be over
    expect(judgeTrial(trial(10), at(8.99))).toMatchObject({ state: 'illegalTime', daysLeft: 22 });
    expect(judgeTrial(trial(40), at(20))).toMatchObject({ state: 'illegalTime' });
  });

  it('moves the run code only forward', () => {
    expect(advanceRunCode(at(5), at(6))).toEqual(at(6));
    expect(advanceRunCode(at(5), at(4.5))).toEqual(at(5));
  });
});
