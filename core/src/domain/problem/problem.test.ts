import { describe, expect, it } from 'vitest';
import { InvalidTransitionError, isDomainError } from '../../errors.ts';
import { loadCatalogs, translate } from '../../i18n/index.ts';
import {
  PROBLEM_DOMAIN_KEYS,
  PROBLEM_STEPS,
  assertClosedLoopDecided,
  assertClosureDue,
  assertReportComplete,
  assertStepMove,
  closureAllowedAt,
  decideClosedLoop,
  problemFieldIssues,
  problemFlow,
  problemStepFlow,
  stepsAfter,
  stepsBefore,
  type ProblemEvent,
  type ProblemStep,
  type ProblemStepEvent,
  type ProblemStepState,
  type StepStates,
} from './index.ts';

const refusal = (run: () => unknown): string => {
  try {
    return String(run());
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return error.messageKey;
  }
};

/** Golden tables: every state × every event → next state or refusal key. */
const PROBLEM_GOLDEN = {
  open: { submit: 'underReview', approve: 'status.problem.not_under_review', reject: 'status.problem.not_under_review', withdraw: 'status.problem.not_under_review', close: 'status.problem.close_needs_release', revoke: 'status.problem.not_released' },
  underReview: { submit: 'status.problem.already_under_review', approve: 'released', reject: 'open', withdraw: 'open', close: 'status.problem.close_needs_release', revoke: 'status.problem.not_released' },
  released: { submit: 'status.problem.already_released', approve: 'status.problem.not_under_review', reject: 'status.problem.not_under_review', withdraw: 'status.problem.not_under_review', close: 'closed', revoke: 'open' },
  closed: { submit: 'status.problem.closed', approve: 'status.problem.closed', reject: 'status.problem.closed', withdraw: 'status.problem.closed', close: 'status.problem.closed', revoke: 'status.problem.closed' },
} as const;

const STEP_GOLDEN = {
  notStarted: { start: 'inProgress', finish: 'status.problem_step.not_started', reopen: 'status.problem_step.not_done' },
  inProgress: { start: 'status.problem_step.already_started', finish: 'done', reopen: 'status.problem_step.not_done' },
  done: { start: 'status.problem_step.already_done', finish: 'status.problem_step.already_done', reopen: 'inProgress' },
} as const;

describe('the problem status machine', () => {
  it('knows exactly the states and events of the golden table', () => {
    expect(problemFlow.states).toEqual(Object.keys(PROBLEM_GOLDEN));
    expect([...problemFlow.allEvents].sort()).toEqual(Object.keys(PROBLEM_GOLDEN.open).sort());
  });
  for (const [state, row] of Object.entries(PROBLEM_GOLDEN))
    for (const [event, expected] of Object.entries(row))
      it(`${state} × ${event} → ${expected}`, () => expect(refusal(() => problemFlow.next(state, event as ProblemEvent))).toBe(expected));
  it('refuses an unknown state with the default refusal', () => expect(refusal(() => problemFlow.next('archived', 'submit'))).toBe('status.problem.invalid_transition'));
});

describe('the step status machine', () => {
  it('knows exactly the states and events of the golden table', () => {
    expect(problemStepFlow.states).toEqual(Object.keys(STEP_GOLDEN));
    expect([...problemStepFlow.allEvents].sort()).toEqual(Object.keys(STEP_GOLDEN.notStarted).sort());
  });
  for (const [state, row] of Object.entries(STEP_GOLDEN))
    for (const [event, expected] of Object.entries(row))
      it(`${state} × ${event} → ${expected}`, () => expect(refusal(() => problemStepFlow.next(state, event as ProblemStepEvent))).toBe(expected));
});

const states = (done: readonly ProblemStep[], over: Partial<Record<ProblemStep, ProblemStepState>> = {}): StepStates =>
  Object.fromEntries(PROBLEM_STEPS.map((s) => [s, over[s] ?? (done.includes(s) ? 'done' : 'notStarted')])) as StepStates;
const upTo = (step: ProblemStep) => PROBLEM_STEPS.slice(0, PROBLEM_STEPS.indexOf(step));

describe('the order of the steps', () => {
  it('makes each step wait for every earlier one, 7A and 7B for D6 only, D8 for both', () => {
    expect(stepsBefore('D0')).toEqual([]);
    expect(stepsBefore('D4')).toEqual(['D0', 'D1', 'D2', 'D3']);
    expect(stepsBefore('D7A')).toEqual(upTo('D7A'));
    expect(stepsBefore('D7B')).toEqual(upTo('D7A'));
    expect(stepsBefore('D8')).toEqual(upTo('D8'));
    expect(stepsAfter('D7A')).toEqual(['D8']);
    expect(stepsAfter('D6')).toEqual(['D7A', 'D7B', 'D8']);
  });

  it('starts a step whose earlier steps are done, and refuses one behind an unfinished step, naming the first', () => {
    expect(assertStepMove('open', states(upTo('D4')), 'D4', 'start')).toBe('inProgress');
    const error = (() => {
      try {
        assertStepMove('open', states(['D0', 'D1', 'D3']), 'D4', 'start');
      } catch (e) {
        return e as InvalidTransitionError;
      }
    })();
    expect(error).toBeInstanceOf(InvalidTransitionError);
    expect(error).toMatchObject({ messageKey: 'status.problem.earlier_step_unfinished', params: { step: 'D4', missing: 'D2' } });
  });

  it('refuses finishing a step while an earlier one was reopened', () => {
    expect(refusal(() => assertStepMove('open', states(['D0', 'D2'], { D1: 'inProgress', D3: 'inProgress' }), 'D3', 'finish'))).toBe('status.problem.earlier_step_unfinished');
  });

  it('runs 7A and 7B side by side, and D8 only after both', () => {
    const afterD6 = states(upTo('D7A'));
    expect(assertStepMove('open', afterD6, 'D7B', 'start')).toBe('inProgress');
    expect(assertStepMove('open', states(upTo('D7A'), { D7A: 'inProgress', D7B: 'inProgress' }), 'D7B', 'finish')).toBe('done');
    expect(refusal(() => assertStepMove('open', states([...upTo('D7A'), 'D7B'], { D7A: 'inProgress' }), 'D8', 'start'))).toBe('status.problem.earlier_step_unfinished');
    expect(assertStepMove('open', states(upTo('D8')), 'D8', 'start')).toBe('inProgress');
  });

  it('finishes D8 only by closing the problem', () => {
    expect(refusal(() => assertStepMove('open', states(upTo('D8'), { D8: 'inProgress' }), 'D8', 'finish'))).toBe('status.problem_step.d8_by_closing');
  });

  it('reopens a step while no later step is done', () => {
    expect(assertStepMove('open', states(upTo('D4'), { D4: 'inProgress' }), 'D3', 'reopen')).toBe('inProgress');
    expect(refusal(() => assertStepMove('open', states(upTo('D5')), 'D3', 'reopen'))).toBe('status.problem_step.later_step_done');
    // 7B done does not keep 7A from reopening: they do not wait for each other
    expect(assertStepMove('open', states([...upTo('D7A'), 'D7A', 'D7B']), 'D7A', 'reopen')).toBe('inProgress');
  });

  it('moves no step unless the problem is open', () => {
    expect(refusal(() => assertStepMove('underReview', states([]), 'D0', 'start'))).toBe('status.problem.locked_under_review');
    expect(refusal(() => assertStepMove('released', states([]), 'D0', 'start'))).toBe('status.problem.locked_released');
    expect(refusal(() => assertStepMove('closed', states([]), 'D0', 'start'))).toBe('status.problem.locked_closed');
  });

  it('sends the report to review once D0 to D7B are done', () => {
    expect(() => assertReportComplete(states(upTo('D8')))).not.toThrow();
    expect(refusal(() => assertReportComplete(states(upTo('D7B'))))).toBe('status.problem.submit_steps_unfinished');
  });
});

describe('closing', () => {
  const d6 = new Date('2026-03-01T10:00:00Z');
  it('waits 30 full days after D6 was finished', () => {
    expect(closureAllowedAt(d6).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(() => assertClosureDue(d6, new Date('2026-03-31T10:00:00Z'))).not.toThrow();
    try {
      assertClosureDue(d6, new Date('2026-03-30T09:00:00Z'));
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ messageKey: 'status.problem.closure_too_early', params: { days: 30, daysLeft: 2, date: '2026-03-31' } });
    }
    expect(refusal(() => assertClosureDue(null, new Date()))).toBe('status.problem.closure_needs_d6');
  });

  it('takes a first closed-loop decision without a reason, and a change only with one', () => {
    expect(decideClosedLoop({ closedLoop: null, reason: null }, false, undefined)).toEqual({ closedLoop: false, reason: null });
    expect(() => decideClosedLoop({ closedLoop: false, reason: null }, true, '  ')).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ messageKey: 'status.problem.closed_loop_reason_required', field: 'closedLoopReason' })] }));
    expect(decideClosedLoop({ closedLoop: false, reason: null }, true, 'FMEA updated')).toEqual({ closedLoop: true, reason: 'FMEA updated' });
    // the same decision again keeps the reason it was changed with
    expect(decideClosedLoop({ closedLoop: true, reason: 'FMEA updated' }, true, undefined)).toEqual({ closedLoop: true, reason: 'FMEA updated' });
    expect(refusal(() => decideClosedLoop({ closedLoop: true, reason: null }, false, 'x'.repeat(201)))).toBe('validation.failed');
    expect(() => assertClosedLoopDecided(null)).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ messageKey: 'status.problem.closed_loop_undecided', field: 'closedLoop' })] }));
  });
});

describe('a problem’s fields', () => {
  it('need a brief, a known type and source, and a customer for a customer problem', () => {
    expect(problemFieldIssues({ brief: 'Window stalls', type: 'designProblem', source: 'field' })).toEqual([]);
    const issues = problemFieldIssues({ brief: ' ', type: 'bogus', source: undefined, customerProblem: true, location: 'x'.repeat(201) }, 4);
    expect(issues.map((i) => [i.field, i.messageKey, i.row])).toEqual([
      ['brief', 'validation.required', 4],
      ['type', 'problem_rule.value_not_allowed', 4],
      ['source', 'validation.required', 4],
      ['location', 'validation.too_long', 4],
      ['customerName', 'problem_rule.customer_required', 4],
    ]);
  });
});

describe('the 8D rules’ messages', () => {
  const PARAMS = { step: 'D4', missing: 'D2', later: 'D5', days: 30, daysLeft: 2, date: '2026-03-31', field: 'brief', value: 'x' };
  it.each(['zh-CN', 'en-US'] as const)('are all in the %s catalog, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of PROBLEM_DOMAIN_KEYS) {
      expect(catalog[key], `${key} missing in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });
});
