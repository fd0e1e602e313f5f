import { describe, expect, it } from 'vitest';
import { InvalidInputError, InvalidTransitionError } from '../../errors.ts';
import {
  PROBLEM_CLOSURE_WAIT_DAYS,
  PROBLEM_STEPS,
  PROBLEM_STEP_KEYS,
  availableSteps,
  closureAllowedAt,
  completeStep,
  isProblemClosed,
  prerequisites,
  type ProblemProgress,
  type ProblemStep,
} from './problem.ts';

const DAY = 86_400_000;
const t0 = new Date('2025-01-01T00:00:00Z');
const at = (days: number, ms = 0) => new Date(t0.getTime() + days * DAY + ms);
const empty: ProblemProgress = { completed: {} };
const through = (steps: readonly ProblemStep[], when = t0): ProblemProgress =>
  steps.reduce((s, step) => completeStep(s, step, when), empty);
const upTo6 = PROBLEM_STEPS.slice(0, 7);

describe('problem steps', () => {
  it('runs 0 to 8 with 7A and 7B in between', () => {
    expect(PROBLEM_STEPS).toEqual(['0', '1', '2', '3', '4', '5', '6', '7A', '7B', '8']);
    expect(Object.keys(PROBLEM_STEP_KEYS).sort()).toEqual([...PROBLEM_STEPS].sort());
    expect(PROBLEM_CLOSURE_WAIT_DAYS).toBe(30);
  });

  it('makes every step wait for all earlier ones except its parallel partner', () => {
    expect(prerequisites('0')).toEqual([]);
    expect(prerequisites('3')).toEqual(['0', '1', '2']);
    expect(prerequisites('7A')).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(prerequisites('7B')).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(prerequisites('8')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7A', '7B']);
  });
});

describe('completeStep', () => {
  it('completes the first step and records the date', () => {
    expect(completeStep(empty, '0', t0)).toEqual({ completed: { '0': t0 } });
  });

  it('does not change the progress it was given', () => {
    const before = through(['0']);
    completeStep(before, '1', t0);
    expect(before).toEqual({ completed: { '0': t0 } });
  });

  it('refuses a step while an earlier one is unfinished, naming the first missing step', () => {
    const run = () => completeStep(through(['0', '1']), '4', t0);
    expect(run).toThrow(InvalidTransitionError);
    expect(run).toThrow(
      expect.objectContaining({ messageKey: 'status.problem.earlier_step_unfinished', params: { step: '4', missing: '2' } }),
    );
  });

  it.each(PROBLEM_STEPS.slice(1))('refuses step %s on a fresh problem', (step) => {
    expect(() => completeStep(empty, step, t0)).toThrow(
      expect.objectContaining({ messageKey: 'status.problem.earlier_step_unfinished', params: { step, missing: '0' } }),
    );
  });

  it('accepts 7A before 7B', () => {
    expect(Object.keys(through([...upTo6, '7A', '7B']).completed)).toHaveLength(9);
  });

  it('accepts 7B before 7A', () => {
    expect(Object.keys(through([...upTo6, '7B', '7A']).completed)).toHaveLength(9);
  });

  it('refuses 7A or 7B before step 6', () => {
    expect(() => through([...PROBLEM_STEPS.slice(0, 6), '7B'])).toThrow(
      expect.objectContaining({ params: { step: '7B', missing: '6' } }),
    );
  });

  it.each([
    ['7A', '7B'],
    ['7B', '7A'],
  ] as const)('refuses closing with only %s of the parallel pair done', (done, missing) => {
    const state = through([...upTo6, done]);
    expect(() => completeStep(state, '8', at(100))).toThrow(
      expect.objectContaining({ messageKey: 'status.problem.earlier_step_unfinished', params: { step: '8', missing } }),
    );
  });

  it('refuses closing 29 days and 23 hours after step 6', () => {
    const state = through([...upTo6, '7A', '7B']);
    const run = () => completeStep(state, '8', at(30, -3_600_000));
    expect(run).toThrow(InvalidTransitionError);
    expect(run).toThrow(
      expect.objectContaining({ messageKey: 'status.problem.closure_too_early', params: { days: 30, daysLeft: 1 } }),
    );
  });

  it('refuses closing the same day, with 30 days left', () => {
    const state = through([...upTo6, '7A', '7B']);
    expect(() => completeStep(state, '8', t0)).toThrow(expect.objectContaining({ params: { days: 30, daysLeft: 30 } }));
  });

  it('counts the wait from step 6, not from 7A or 7B', () => {
    const state = completeStep(completeStep(through(upTo6), '7A', at(20)), '7B', at(29));
    expect(isProblemClosed(completeStep(state, '8', at(30)))).toBe(true);
  });

  it('closes exactly 30 days after step 6', () => {
    const closed = completeStep(through([...upTo6, '7A', '7B']), '8', at(30));
    expect(closed.completed['8']).toEqual(at(30));
    expect(isProblemClosed(closed)).toBe(true);
  });

  it('refuses completing a step twice', () => {
    const run = () => completeStep(through(['0']), '0', at(1));
    expect(run).toThrow(InvalidTransitionError);
    expect(run).toThrow(expect.objectContaining({ messageKey: 'status.problem.step_already_completed', params: { step: '0' } }));
  });

  it.each(['7', '9', '7a', ''])('refuses the unknown step %j', (step) => {
    const run = () => completeStep(empty, step, t0);
    expect(run).toThrow(InvalidInputError);
    expect(run).toThrow(expect.objectContaining({ messageKey: 'status.problem.unknown_step', params: { step } }));
  });
});

describe('availableSteps, closureAllowedAt and isProblemClosed', () => {
  it('offers step 0 on a fresh problem', () => {
    expect(availableSteps(empty)).toEqual(['0']);
  });

  it('offers both halves of step 7 after step 6', () => {
    expect(availableSteps(through(upTo6))).toEqual(['7A', '7B']);
    expect(availableSteps(through([...upTo6, '7B']))).toEqual(['7A']);
  });

  it('offers closing once both halves are done, whatever the date', () => {
    expect(availableSteps(through([...upTo6, '7A', '7B']))).toEqual(['8']);
  });

  it('offers nothing once closed', () => {
    const closed = completeStep(through([...upTo6, '7A', '7B']), '8', at(31));
    expect(availableSteps(closed)).toEqual([]);
  });

  it('dates the earliest closure 30 days after step 6', () => {
    expect(closureAllowedAt(through(upTo6, at(5)))).toEqual(at(35));
    expect(closureAllowedAt(through(['0']))).toBeNull();
  });

  it('is open until step 8 is done', () => {
    expect(isProblemClosed(through(upTo6))).toBe(false);
  });
});
