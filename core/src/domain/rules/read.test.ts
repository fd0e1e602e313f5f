import { describe, expect, it } from 'vitest';
import { checkLevel, readRules, switchOn, type RuleValues } from './read.ts';
import { RULE_FLAGS, RULE_FLAG_NAMES, type RuleFlag } from './rule-flags.ts';

const DEFAULTS = Object.fromEntries(RULE_FLAG_NAMES.map((flag) => [flag, RULE_FLAGS[flag].defaultValue])) as Record<RuleFlag, string>;

/** Every leaf of a nested object by its dotted path. */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) for (const [p, v] of leaves(inner, path ? `${path}.${key}` : key)) out.set(p, v);
  } else out.set(path, value);
  return out;
}

const changedLeaves = (a: RuleValues, b: RuleValues) => {
  const before = leaves(readRules(a));
  return [...leaves(readRules(b))].filter(([path, v]) => before.get(path) !== v).map(([path]) => path);
};

describe('the rule flag reader', () => {
  it('reads a switch as on for "1" and off for "0"', () => {
    expect(switchOn({ separationOfDuties: '1' }, 'separationOfDuties')).toBe(true);
    expect(switchOn({ separationOfDuties: '0' }, 'separationOfDuties')).toBe(false);
    expect(readRules({ xmcjzRule: '1', zskcjzRule: '0' }).dataCreator).toEqual({ project: true, knowledge: false, masterData: false });
  });

  it('reads a missing flag, or a value the flag does not offer, as its default', () => {
    expect(switchOn({}, 'fmeaReviewInOrder')).toBe(true); // default '1'
    expect(switchOn({}, 'pushRule')).toBe(false); // default '0'
    expect(switchOn({ fmeaReviewInOrder: 'yes' }, 'fmeaReviewInOrder')).toBe(true);
    expect(switchOn({ pushRule: '' }, 'pushRule')).toBe(false);
    expect(checkLevel({ checkTargetDate: 'x' }, 'checkTargetDate')).toBe('error');
    expect(readRules({ dfmeaDefaultDet: '11' }).scoreSupply.dfmea.defaultDetection).toBe(10);
  });

  it('reads a check as off, warning or error', () => {
    expect(['0', '1', '2'].map((v) => checkLevel({ checkHighApAction: v }, 'checkHighApAction'))).toEqual(['off', 'warning', 'error']);
    expect(readRules({ checkActionOverdue: '2' }).checks.checkActionOverdue).toBe('error');
  });

  it('reads a default detection as its number', () => {
    expect(readRules({ pfmeaDefaultDet: '7' }).scoreSupply.pfmea).toEqual({ fromKnowledge: false, defaultDetection: 7 });
  });

  it.each(RULE_FLAG_NAMES)('names %s once: changing it changes exactly one named value', (flag) => {
    const other = RULE_FLAGS[flag].values.find((v) => v !== DEFAULTS[flag])!;
    expect(changedLeaves(DEFAULTS, { ...DEFAULTS, [flag]: other })).toHaveLength(1);
  });
});
