import { describe, expect, it } from 'vitest';
import { COMMENT_TARGET_ENTITIES, COMMENT_TARGET_KINDS, COMMENT_TARGET_STEPS, fieldChanges, mentionedNames } from './index.ts';

describe('mentionedNames', () => {
  it('reads @names up to white space and punctuation, each once, in order', () => {
    expect(mentionedNames('@anna please check, @ben.')).toEqual(['anna', 'ben']);
    // a dot inside a name is part of it (li.engineer), dots at its end close the sentence
    expect(mentionedNames('@li.engineer and @wang.engineer... ok? @.')).toEqual(['li.engineer', 'wang.engineer']);
    expect(mentionedNames('@张三：请看 @anna @张三')).toEqual(['张三', 'anna']);
    expect(mentionedNames('no mention here')).toEqual([]);
    // an address yields its domain, which the service matches to no user
    expect(mentionedNames('mail a@example.com')).toEqual(['example.com']);
  });
});

describe('fieldChanges', () => {
  it('lists the fields that differ, leaving bookkeeping columns out', () => {
    const before = { id: 'f1', projectId: 'p', version: 1, updatedAt: 'x', occurrence: 6, detection: 5, description: 'Teeth worn' };
    const after = { ...before, version: 2, updatedAt: 'y', occurrence: 4 };
    expect(fieldChanges(before, after)).toEqual([{ field: 'occurrence', before: 6, after: 4 }]);
  });

  it('a create lists what it set, a delete what it removed', () => {
    expect(fieldChanges(null, { id: 'a', description: 'x', status: 'open' })).toEqual([
      { field: 'description', before: null, after: 'x' },
      { field: 'status', before: null, after: 'open' },
    ]);
    expect(fieldChanges({ id: 'a', description: 'x' }, null)).toEqual([{ field: 'description', before: 'x', after: null }]);
  });
});

describe('row kinds', () => {
  it('every kind has its log record type and its step', () => {
    for (const kind of COMMENT_TARGET_KINDS) {
      expect(COMMENT_TARGET_ENTITIES[kind], kind).toMatch(/^(fmea_|control_plan_line$)/);
      expect(COMMENT_TARGET_STEPS[kind], kind).toBeTruthy();
    }
  });
});
