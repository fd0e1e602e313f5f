import { describe, expect, it } from 'vitest';
import { RULE_FLAGS } from '../rules/index.ts';
import { FMEA_CHECK_CODES, FMEA_CHECKS, levelOfSeverity } from './checks.ts';
import { checkSeverity, countFindings, runFmeaChecks, type FmeaCheckInput } from './run.ts';

/** H whenever S ≥ 9 (enough for the checks; the AP tables have their own tests). */
const apOf = (s: number): 'H' | 'L' => (s >= 9 ? 'H' : 'L');

/**
 * A clean analysis: one function with a full chain FE → FM → FC rated L, a
 * prevention and a detection control, no action, the responsible person named.
 * Each test breaks one thing and expects that one finding.
 */
function clean(): FmeaCheckInput {
  return {
    project: { id: 'p1', serialNum: 'DF1', responsibleUserId: 'u1' },
    members: [{ userId: 'u1', roles: [0] }],
    functions: [
      { id: 'fn1', nodeId: 'n1', description: 'Hold the door' },
      { id: 'fn2', nodeId: 'n2', description: 'Clamp' },
    ],
    characteristics: [],
    failures: [
      { id: 'fe', functionId: 'fn1', kind: 'FE', description: 'Door opens', severity: 5, occurrence: null, detection: null },
      { id: 'fm', functionId: 'fn1', kind: 'FM', description: 'Latch slips', severity: null, occurrence: null, detection: null },
      { id: 'fc', functionId: 'fn2', kind: 'FC', description: 'Spring weak', severity: null, occurrence: 3, detection: 4 },
    ],
    failureLinks: [
      { higherId: 'fe', lowerId: 'fm' },
      { higherId: 'fm', lowerId: 'fc' },
    ],
    controls: [
      { id: 'pc', causeId: 'fc', kind: 'prevention', description: 'Spring spec' },
      { id: 'dc', causeId: 'fc', kind: 'detection', description: 'Force test' },
    ],
    actions: [],
    rules: {},
    today: '2026-06-01',
    apOf,
  };
}

const codes = (input: FmeaCheckInput) => runFmeaChecks(input).map((f) => f.code);
const action = (patch: Partial<FmeaCheckInput['actions'][number]> = {}) => ({
  id: 'a1',
  causeId: 'fc',
  description: 'Stronger spring',
  status: 'open' as const,
  targetDate: '2026-07-01',
  raSeverity: null,
  raOccurrence: null,
  raDetection: null,
  ...patch,
});

describe('runFmeaChecks', () => {
  it('finds nothing in a complete analysis', () => {
    expect(runFmeaChecks(clean())).toEqual([]);
  });

  it('team_responsible_missing: no responsible person and no member in role 0', () => {
    const input = { ...clean(), project: { id: 'p1', serialNum: 'DF1', responsibleUserId: null }, members: [{ userId: 'u2', roles: [1] }] };
    expect(runFmeaChecks(input)).toEqual([{ code: 'team_responsible_missing', severity: 'error', step: 'planning', target: { kind: 'project', id: 'p1', nodeId: null }, params: { project: 'DF1' } }]);
    expect(codes({ ...input, members: [{ userId: 'u2', roles: [1, 0] }] })).toEqual([]);
  });

  it('family_item_count: a family FMEA holds exactly one item under its product, an error; other kinds are not asked', () => {
    const root = { id: 'n0', parentId: null, name: 'Door family' };
    const item = (id: string) => ({ id, parentId: 'n0', name: id });
    const family = (nodes: FmeaCheckInput['nodes']) => ({ ...clean(), project: { ...clean().project, projectType: 'family' }, nodes, functions: [] , failures: [], failureLinks: [], controls: [] });
    expect(codes(family([root, item('n1')]))).not.toContain('family_item_count');
    expect(runFmeaChecks(family([root, item('n1'), item('n2')])).filter((f) => f.code === 'family_item_count')).toEqual([
      { code: 'family_item_count', severity: 'error', step: 'structure', target: { kind: 'node', id: 'n0', nodeId: 'n0' }, params: { count: 2 } },
    ]);
    expect(runFmeaChecks(family([root])).find((f) => f.code === 'family_item_count')?.params).toEqual({ count: 0 });
    expect(codes({ ...clean(), nodes: [root] })).not.toContain('family_item_count');
  });

  it('node_without_function: a structure element without function, a warning (only when the caller passes the nodes)', () => {
    const nodes = [
      { id: 'root', parentId: null, name: 'Car door' },
      { id: 'n1', parentId: 'root', name: 'Door' },
      { id: 'n2', parentId: 'n1', name: 'Latch' },
      { id: 'n9', parentId: 'n1', name: 'Hinge' },
    ];
    expect(runFmeaChecks({ ...clean(), nodes })).toEqual([{ code: 'node_without_function', severity: 'warning', step: 'structure', target: { kind: 'node', id: 'n9', nodeId: 'n9' }, params: { name: 'Hinge' } }]);
  });

  it('function_without_failure: an orphan function, a warning', () => {
    const input = { ...clean(), functions: [...clean().functions, { id: 'fn3', nodeId: 'n3', description: 'Seal' }] };
    expect(runFmeaChecks(input)).toEqual([{ code: 'function_without_failure', severity: 'warning', step: 'function', target: { kind: 'function', id: 'fn3', nodeId: 'n3' }, params: { name: 'Seal' } }]);
  });

  it('mode_without_cause: "no failure analysis, supplement causes"', () => {
    const input = { ...clean(), failureLinks: [{ higherId: 'fe', lowerId: 'fm' }] };
    const found = runFmeaChecks(input);
    expect(found.map((f) => [f.code, f.severity, f.target.id])).toEqual([
      ['mode_without_cause', 'error', 'fm'],
      ['cause_orphan', 'warning', 'fc'],
    ]);
  });

  it('mode_without_effect and rating_missing: a mode no effect reaches leaves S unrated', () => {
    const input = { ...clean(), failureLinks: [{ higherId: 'fm', lowerId: 'fc' }] };
    expect(runFmeaChecks(input).map((f) => [f.code, f.params])).toEqual([
      ['mode_without_effect', { name: 'Latch slips' }],
      ['rating_missing', { name: 'Spring weak', ratings: 'S' }],
    ]);
  });

  it('rating_missing: a cause whose mode has no effect and no O or D of its own lacks all three', () => {
    const base = clean();
    const input = { ...base, failureLinks: [{ higherId: 'fm', lowerId: 'fc' }], failures: base.failures.map((f) => (f.id === 'fc' ? { ...f, occurrence: null, detection: null } : f)) };
    expect(runFmeaChecks(input).find((f) => f.code === 'rating_missing')?.params.ratings).toBe('S/O/D');
  });

  it('rating_missing names the missing ratings of the cause', () => {
    const base = clean();
    const input = { ...base, failures: base.failures.map((f) => (f.id === 'fc' ? { ...f, occurrence: null, detection: null } : f)) };
    expect(runFmeaChecks(input)).toMatchObject([{ code: 'rating_missing', step: 'risk', target: { id: 'fc', nodeId: 'n2' }, params: { ratings: 'O/D' } }]);
  });

  it('high_without_action: an H row needs an open or completed action; not implemented does not count', () => {
    const base = clean();
    const high = { ...base, failures: base.failures.map((f) => (f.id === 'fe' ? { ...f, severity: 9 } : f)) };
    expect(runFmeaChecks(high)).toMatchObject([{ code: 'high_without_action', severity: 'error', step: 'optimization', target: { kind: 'failure', id: 'fc', nodeId: 'n2' }, params: { ap: 'H' } }]);
    expect(codes({ ...high, actions: [action({ status: 'notImplemented' })] })).toEqual(['high_without_action']);
    expect(codes({ ...high, actions: [action()] })).toEqual([]);
    expect(codes({ ...high, actions: [action({ status: 'completed', raOccurrence: 2 })] })).toEqual([]);
  });

  it('FMEA-MSR: a cause of the MSR form without F or M is a warning; MSR AP H without an open or completed MSR action an error', () => {
    // the MSR table as a lookup: H when S ≥ 9 and F ≥ 4 (the checks read whatever table they are given)
    const msr = (ratings: Record<string, { frequency: number | null; monitoring: number | null }>, actions: FmeaCheckInput['actions'] = []) => ({
      ratings: new Map(Object.entries(ratings)),
      actions,
      apOf: (s: number, f: number) => (s >= 9 && f >= 4 ? ('H' as const) : ('L' as const)),
    });
    // no msr data (a kind without the MSR steps): neither check runs
    expect(codes(clean())).toEqual([]);
    expect(runFmeaChecks({ ...clean(), msr: msr({}) })).toEqual([
      { code: 'msr_rating_missing', severity: 'warning', step: 'msrRisk', target: { kind: 'failure', id: 'fc', nodeId: 'n2' }, params: { name: 'Spring weak', ratings: 'F/M' } },
    ]);
    expect(runFmeaChecks({ ...clean(), msr: msr({ fc: { frequency: 4, monitoring: null } }) })[0]!.params.ratings).toBe('M');
    expect(codes({ ...clean(), msr: msr({ fc: { frequency: 4, monitoring: 2 } }) })).toEqual([]);
    // S 9 (the cause's worst original effect), F 4: MSR AP H
    const base = clean();
    const severe = { ...base, failures: base.failures.map((f) => (f.id === 'fe' ? { ...f, severity: 9 } : f)), actions: [action()] };
    const rated = { fc: { frequency: 4, monitoring: 2 } };
    expect(runFmeaChecks({ ...severe, msr: msr(rated) })).toEqual([
      { code: 'msr_high_without_action', severity: 'error', step: 'msrOptimization', target: { kind: 'failure', id: 'fc', nodeId: 'n2' }, params: { name: 'Spring weak', ap: 'H' } },
    ]);
    // a DFMEA action does not answer the MSR AP, nor a not implemented MSR action; an open monitoring or response one does
    expect(codes({ ...severe, msr: msr(rated, [action({ id: 'r1', status: 'notImplemented' })]) })).toEqual(['msr_high_without_action']);
    expect(codes({ ...severe, msr: msr(rated, [action({ id: 'r1' })]) })).toEqual([]);
    expect(codes({ ...severe, msr: msr({ fc: { frequency: 3, monitoring: 2 } }) })).toEqual([]);
    // switched off by their rule flags
    expect(codes({ ...severe, msr: msr({}), rules: { checkMsrRatingMissing: '0' } })).toEqual([]);
    expect(codes({ ...severe, msr: msr(rated), rules: { checkMsrHighApAction: '1' } })).toEqual(['msr_high_without_action']);
    expect(runFmeaChecks({ ...severe, msr: msr(rated), rules: { checkMsrHighApAction: '1' } })[0]!.severity).toBe('warning');
  });

  it('completed_without_rerating: a completed action with no new S, O or D', () => {
    expect(runFmeaChecks({ ...clean(), actions: [action({ status: 'completed' })] })).toMatchObject([
      { code: 'completed_without_rerating', severity: 'error', target: { kind: 'action', id: 'a1', nodeId: 'n2' } },
    ]);
    expect(codes({ ...clean(), actions: [action({ status: 'completed', raDetection: 2 })] })).toEqual([]);
  });

  it('target_date_missing: every action but a not implemented one has its planned completion date', () => {
    expect(codes({ ...clean(), actions: [action({ targetDate: null })] })).toEqual(['target_date_missing']);
    expect(codes({ ...clean(), actions: [action({ targetDate: '  ' })] })).toEqual(['target_date_missing']);
    expect(codes({ ...clean(), actions: [action({ targetDate: null, status: 'notImplemented' })] })).toEqual([]);
  });

  it('action_overdue: an unfinished action past its planned date, a warning', () => {
    expect(runFmeaChecks({ ...clean(), actions: [action({ targetDate: '2026-05-31' })] })).toMatchObject([
      { code: 'action_overdue', severity: 'warning', params: { targetDate: '2026-05-31' } },
    ]);
    expect(codes({ ...clean(), actions: [action({ targetDate: '2026-06-01' })] })).toEqual([]);
    expect(codes({ ...clean(), actions: [action({ targetDate: '2026-05-31', status: 'completed', raOccurrence: 2 })] })).toEqual([]);
  });

  it('FMEA-MSR actions: the same action checks, in the MSR optimisation step, re-rated by S/F/M', () => {
    const msr = (actions: FmeaCheckInput['actions']) => ({ ratings: new Map([['fc', { frequency: 2, monitoring: 2 }]]), actions, apOf: () => 'L' as const });
    const found = runFmeaChecks({
      ...clean(),
      msr: msr([
        action({ id: 'm1', description: 'Add current monitor', status: 'completed' }),
        action({ id: 'm2', description: 'Limp home', targetDate: null }),
        action({ id: 'm3', description: 'Stall detection', targetDate: '2026-05-31' }),
      ]),
    });
    expect(found).toEqual([
      { code: 'completed_without_rerating', severity: 'error', step: 'msrOptimization', target: { kind: 'action', id: 'm1', nodeId: 'n2' }, params: { name: 'Add current monitor', ratings: 'S/F/M' } },
      { code: 'target_date_missing', severity: 'error', step: 'msrOptimization', target: { kind: 'action', id: 'm2', nodeId: 'n2' }, params: { name: 'Limp home' } },
      { code: 'action_overdue', severity: 'warning', step: 'msrOptimization', target: { kind: 'action', id: 'm3', nodeId: 'n2' }, params: { name: 'Stall detection', targetDate: '2026-05-31' } },
    ]);
    // an after-rating of F (stored in the O column) is a re-rating; the DFMEA's actions stay in the optimisation step
    expect(codes({ ...clean(), msr: msr([action({ id: 'm1', status: 'completed', raOccurrence: 2 })]) })).toEqual([]);
    expect(runFmeaChecks({ ...clean(), actions: [action({ status: 'completed' })], msr: msr([]) })).toMatchObject([{ code: 'completed_without_rerating', step: 'optimization', params: { ratings: 'S/O/D' } }]);
    // the rule flags switch them for both
    expect(codes({ ...clean(), msr: msr([action({ id: 'm2', targetDate: null })]), rules: { checkTargetDate: '0' } })).toEqual([]);
  });

  it('special_without_control_plan: PFMEA only, CC and SC characteristics without a line', () => {
    const characteristics = [
      { id: 'c1', functionId: 'fn1', name: 'Diameter', characteristicClass: 'critical' as const, special: true },
      { id: 'c2', functionId: 'fn1', name: 'Torque', characteristicClass: 'general' as const, special: true },
      { id: 'c3', functionId: 'fn1', name: 'Colour', characteristicClass: 'general' as const, special: false },
      { id: 'c4', functionId: 'fn1', name: 'Length', characteristicClass: 'significant' as const, special: false },
    ];
    expect(codes({ ...clean(), characteristics })).toEqual([]);
    const found = runFmeaChecks({ ...clean(), characteristics, controlPlanCharacteristicIds: ['c4'] });
    expect(found.map((f) => [f.code, f.severity, f.target, f.params.planClass])).toEqual([
      ['special_without_control_plan', 'error', { kind: 'characteristic', id: 'c1', nodeId: 'n1' }, 'CC'],
      ['special_without_control_plan', 'error', { kind: 'characteristic', id: 'c2', nodeId: 'n1' }, 'SC'],
    ]);
  });

  it('detection_without_dvp: runs only when the caller passes DVP data', () => {
    expect(codes(clean())).toEqual([]);
    expect(runFmeaChecks({ ...clean(), dvp: { testedControlIds: [] } })).toMatchObject([{ code: 'detection_without_dvp', severity: 'warning', step: 'risk', target: { kind: 'control', id: 'dc', nodeId: 'n2' } }]);
    expect(codes({ ...clean(), dvp: { testedControlIds: ['dc'] } })).toEqual([]);
  });

  it('english_missing: only while EnglishRequiredRuleFlag is on, for items whose English was read', () => {
    const base = clean();
    const input = {
      ...base,
      functions: [{ ...base.functions[0]!, english: 'Hold the door' }, { ...base.functions[1]!, english: null }],
      failures: base.failures.map((f) => (f.id === 'fm' ? { ...f, english: '' } : f)),
      controls: base.controls.map((c) => (c.id === 'dc' ? { ...c, english: null } : c)),
    };
    expect(codes(input)).toEqual([]);
    const found = runFmeaChecks({ ...input, rules: { EnglishRequiredRuleFlag: '1' } });
    expect(found.map((f) => [f.code, f.step, f.target.kind, f.target.id])).toEqual([
      ['english_missing', 'function', 'function', 'fn2'],
      ['english_missing', 'failure', 'failure', 'fm'],
      ['english_missing', 'risk', 'control', 'dc'],
    ]);
  });

  it('use_type_missing: only while failureToUseRequired is on', () => {
    const base = clean();
    const input = { ...base, failures: base.failures.map((f) => ({ ...f, useTypes: f.id === 'fm' ? [] : ['1'] })) };
    expect(codes(input)).toEqual([]);
    expect(runFmeaChecks({ ...input, rules: { failureToUseRequired: '1' } })).toMatchObject([{ code: 'use_type_missing', severity: 'error', step: 'failure', target: { id: 'fm' } }]);
  });

  it('each check can be switched off or turned between error and warning by its rule flag', () => {
    const input = { ...clean(), actions: [action({ targetDate: null })], functions: [...clean().functions, { id: 'fn3', nodeId: 'n3', description: 'Seal' }] };
    expect(runFmeaChecks({ ...input, rules: { checkTargetDate: '0' } }).map((f) => f.code)).toEqual(['function_without_failure']);
    expect(runFmeaChecks({ ...input, rules: { checkTargetDate: '1', checkFunctionWithoutFailure: '2' } }).map((f) => [f.code, f.severity])).toEqual([
      ['function_without_failure', 'error'],
      ['target_date_missing', 'warning'],
    ]);
    expect(checkSeverity('target_date_missing', { checkTargetDate: 'x' })).toBe('error');
  });

  it('orders findings by step, earlier steps first, then by check', () => {
    const base = clean();
    const input = {
      ...base,
      project: { ...base.project, responsibleUserId: null },
      members: [],
      actions: [action({ targetDate: null })],
      failureLinks: [{ higherId: 'fe', lowerId: 'fm' }],
      functions: [...base.functions, { id: 'fn3', nodeId: 'n3', description: 'Seal' }],
    };
    const found = runFmeaChecks(input);
    expect(found.map((f) => f.step)).toEqual(['planning', 'function', 'failure', 'failure', 'optimization']);
    expect(countFindings(found)).toEqual({ errors: 3, warnings: 2 });
  });

  // the time of a 20,000-chain project is a bench (npm run bench:checks); here: one finding per H chain, none lost
  it('finds every one of 20,000 H chains without action', () => {
    const n = 20_000;
    const functions = Array.from({ length: n }, (_, i) => ({ id: `f${i}`, nodeId: `n${i % 100}`, description: `F${i}` }));
    const failures = functions.flatMap((f, i) => [
      { id: `e${i}`, functionId: f.id, kind: 'FE' as const, description: 'E', severity: 9, occurrence: null, detection: null },
      { id: `m${i}`, functionId: f.id, kind: 'FM' as const, description: 'M', severity: null, occurrence: null, detection: null },
      { id: `c${i}`, functionId: f.id, kind: 'FC' as const, description: 'C', severity: null, occurrence: 5, detection: 5 },
    ]);
    const failureLinks = functions.flatMap((_, i) => [
      { higherId: `e${i}`, lowerId: `m${i}` },
      { higherId: `m${i}`, lowerId: `c${i}` },
    ]);
    const found = runFmeaChecks({ ...clean(), functions, failures, failureLinks, controls: [] });
    expect(found).toHaveLength(n);
    expect(new Set(found.map((f) => f.target.id)).size).toBe(n);
    expect(found.every((f) => f.code === 'high_without_action')).toBe(true);
  });
});

describe('check definitions', () => {
  it('has one rule flag per check in the report group, defaulting to the check’s severity', () => {
    for (const code of FMEA_CHECK_CODES) {
      const flag = RULE_FLAGS[FMEA_CHECKS[code].flag as keyof typeof RULE_FLAGS];
      expect(flag, code).toMatchObject({ group: 'report', defaultValue: levelOfSeverity(FMEA_CHECKS[code].severity), values: ['0', '1', '2'] });
    }
    expect(Object.values(RULE_FLAGS).filter((f) => f.group === 'report')).toHaveLength(FMEA_CHECK_CODES.length);
  });
});
