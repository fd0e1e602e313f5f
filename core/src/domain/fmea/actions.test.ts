import { describe, expect, it } from 'vitest';
import { ACTION_STATUSES, actionCauseIssues, actionIssues, actionMachine, applyActionEvent, completionIssues, residualRatings, type ActionEvent, type ActionStatus, type RerateSource } from './actions.ts';

/** Golden table: every state × event pair (AIAG & VDA step 6 statuses; our transitions, docs/domain/fmea-engine.md). */
const EXPECTED: Record<ActionStatus, Partial<Record<ActionEvent, ActionStatus>>> = {
  open: { propose: 'decisionPending', decide: 'implementationPending', complete: 'completed', reject: 'notImplemented' },
  decisionPending: { decide: 'implementationPending', complete: 'completed', reject: 'notImplemented', withdraw: 'open' },
  implementationPending: { complete: 'completed', reject: 'notImplemented', reconsider: 'decisionPending' },
  completed: { reopen: 'open' },
  notImplemented: { reopen: 'open' },
};

const done = { actionTaken: 'Changed gear material to PA66-GF30', completionDate: '2026-05-04' };

describe('action status machine', () => {
  const pairs = ACTION_STATUSES.flatMap((from) => actionMachine.allEvents.map((event) => [from, event] as const));

  it.each(pairs)('from %s on %s goes where the table says, or refuses with the engine key', (from, event) => {
    const to = EXPECTED[from][event];
    const current = { status: from, actionTaken: null, completionDate: null };
    if (to === undefined) {
      expect(() => applyActionEvent(current, event, done)).toThrow(
        expect.objectContaining({ code: 'invalid_transition', messageKey: 'fmea.action_transition_invalid', params: { from, event } }),
      );
    } else {
      expect(applyActionEvent(current, event, done).status).toBe(to);
    }
  });

  it('knows exactly the events of the table', () => {
    expect([...actionMachine.allEvents].sort()).toEqual(['complete', 'decide', 'propose', 'reconsider', 'reject', 'reopen', 'withdraw']);
  });

  it('refuses to complete without the action taken and the completion date', () => {
    const error = (() => {
      try {
        applyActionEvent({ status: 'implementationPending', actionTaken: '  ', completionDate: null }, 'complete');
      } catch (e) {
        return e as { code: string; messageKey: string; issues: { field: string; messageKey: string }[] };
      }
      throw new Error('expected a refusal');
    })();
    expect(error.code).toBe('invalid_input');
    expect(error.messageKey).toBe('fmea.action_completion_incomplete');
    expect(error.issues.map((i) => `${i.field}:${i.messageKey}`)).toEqual(['actionTaken:fmea.completion_needs_field', 'completionDate:fmea.completion_needs_field']);
  });

  it('completes with what the action already carries, and refuses an impossible date', () => {
    expect(applyActionEvent({ status: 'implementationPending', ...done }, 'complete')).toEqual({ status: 'completed', ...done });
    expect(() => applyActionEvent({ status: 'open', actionTaken: 'x', completionDate: null }, 'complete', { completionDate: '2026-02-30' })).toThrow(
      expect.objectContaining({ messageKey: 'fmea.action_completion_incomplete' }),
    );
  });

  it('clears the completion date when reopening, keeping the action taken', () => {
    expect(applyActionEvent({ status: 'completed', ...done }, 'reopen')).toEqual({ status: 'open', actionTaken: done.actionTaken, completionDate: null });
  });
});

describe('completionIssues', () => {
  it('asks nothing of an action that is not completed', () => {
    expect(completionIssues({ status: 'open', actionTaken: null, completionDate: null })).toEqual([]);
  });

  it('keeps a completed action complete', () => {
    expect(completionIssues({ status: 'completed', ...done })).toEqual([]);
    expect(completionIssues({ status: 'completed', actionTaken: done.actionTaken, completionDate: null }).map((i) => i.field)).toEqual(['completionDate']);
  });
});

describe('action fields', () => {
  it('accepts a full action', () => {
    expect(actionIssues({ kind: 'prevention', description: 'Add FEA of gear', targetDate: '2026-06-30', raSeverity: 8, raOccurrence: 2, raDetection: null })).toEqual([]);
  });

  it('refuses a bad kind, a missing description, a bad date and a re-rating of 0', () => {
    expect(actionIssues({ kind: 'mitigation', description: '', targetDate: 'soon', raOccurrence: 0 }).map((i) => `${i.field}:${i.messageKey}`)).toEqual([
      'kind:fmea.value_invalid',
      'description:validation.required',
      'targetDate:fmea.date_invalid',
      'raOccurrence:ap.rating_out_of_range',
    ]);
  });

  it('belongs to a cause', () => {
    expect(actionCauseIssues('FC')).toEqual([]);
    expect(actionCauseIssues('FM')).toEqual([{ messageKey: 'fmea.cause_required', field: 'causeId', params: { field: 'causeId', kind: 'FM' } }]);
  });

  it('checks only the given fields of a partial update', () => {
    expect(actionIssues({ evidence: 'Test report TR-17' }, { partial: true })).toEqual([]);
  });
});

describe('residualRatings', () => {
  const current = { severity: 9, occurrence: 6, detection: 5 };
  const action = (over: Partial<RerateSource>): RerateSource => ({ status: 'open', raSeverity: null, raOccurrence: null, raDetection: null, ...over });

  it('is null while no action re-rates anything', () => {
    expect(residualRatings(current, [])).toBeNull();
    expect(residualRatings(current, [action({})])).toBeNull();
  });

  it('keeps the current value of every rating no action touches', () => {
    expect(residualRatings(current, [action({ raOccurrence: 2 })])).toEqual({ raseverity: 9, raoccurrence: 2, radet: 5 });
  });

  it('combines a prevention and a detection action', () => {
    expect(residualRatings(current, [action({ raOccurrence: 2 }), action({ raDetection: 3 })])).toEqual({ raseverity: 9, raoccurrence: 2, radet: 3 });
  });

  it('lets the later action win, and ignores actions not implemented', () => {
    const actions = [action({ raOccurrence: 3 }), action({ raOccurrence: 2, status: 'notImplemented' }), action({ raOccurrence: 4, status: 'completed' })];
    expect(residualRatings(current, actions)?.raoccurrence).toBe(4);
    expect(residualRatings(current, [action({ raOccurrence: 1, status: 'notImplemented' })])).toBeNull();
  });

  it('keeps unknown current ratings unknown', () => {
    expect(residualRatings({ severity: null, occurrence: 6, detection: 5 }, [action({ raDetection: 2 })])).toEqual({ raseverity: null, raoccurrence: 6, radet: 2 });
  });
});
