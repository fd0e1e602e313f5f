import { describe, expect, it } from 'vitest';
import { causesToSave, chainsToSave, rootCauseDraft, type ServerCause, type ServerWhy } from './drafts.ts';

const stored: ServerCause[] = [
  { id: 'c1', track: 'occurrence', category: 'material', description: 'Grease stiffens', rootCause: true },
  { id: 'c2', track: 'occurrence', category: null, description: 'No low-temperature requirement', rootCause: true },
];
const whys: ServerWhy[] = [
  { track: 'occurrence', chain: 1, level: 1, answer: 'Motor stalls', causeId: null },
  { track: 'occurrence', chain: 1, level: 2, answer: 'No low-temperature requirement', causeId: 'c2' },
];

describe('D4 between the API and the editors', () => {
  it('reads the board’s causes (those with a 6M category) and the chains, a chain ending at a root cause marked', () => {
    const draft = rootCauseDraft(stored, whys);
    expect(draft.causes.occurrence).toEqual([{ id: 'c1', category: 'material', text: 'Grease stiffens', rootCause: true }]);
    expect(draft.chains.occurrence).toEqual([{ chain: 1, answers: ['Motor stalls', 'No low-temperature requirement'], causeId: 'c2', rootCause: true }]);
    expect(draft.chains.detection).toEqual([]);
  });

  it('saves a chain newly marked as a root cause as a cause of its own, then points the chain at it', () => {
    const draft = rootCauseDraft(stored, whys);
    draft.chains.detection = [{ chain: 1, answers: ['Not tested cold', 'Cold test not in the plan', ''], causeId: null, rootCause: true }];
    const causes = causesToSave(draft, stored);
    expect(causes).toEqual([
      { id: 'c1', track: 'occurrence', category: 'material', description: 'Grease stiffens', rootCause: true },
      { id: 'c2', track: 'occurrence', category: null, description: 'No low-temperature requirement', rootCause: true },
      { track: 'detection', category: null, description: 'Cold test not in the plan', rootCause: true },
    ]);
    const saved: ServerCause[] = [...stored, { id: 'c3', track: 'detection', category: null, description: 'Cold test not in the plan', rootCause: true }];
    expect(chainsToSave(draft, saved)).toEqual([
      { track: 'occurrence', answers: ['Motor stalls', 'No low-temperature requirement'], causeId: 'c2' },
      { track: 'detection', answers: ['Not tested cold', 'Cold test not in the plan'], causeId: 'c3' },
    ]);
  });

  it('drops the cause a chain had made once the chain is no longer marked, and leaves out new board causes’ browser keys', () => {
    const draft = rootCauseDraft(stored, whys);
    draft.chains.occurrence[0]!.rootCause = false;
    draft.causes.occurrence.push({ id: 'new-7', category: 'man', text: 'Operator', rootCause: false });
    const causes = causesToSave(draft, stored);
    expect(causes.map((c) => ('id' in c ? c.id : c.description))).toEqual(['c1', 'Operator']);
    expect(chainsToSave(draft, [stored[0]!])).toEqual([{ track: 'occurrence', answers: ['Motor stalls', 'No low-temperature requirement'], causeId: null }]);
  });
});
