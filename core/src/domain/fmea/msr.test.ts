import { describe, expect, it } from 'vitest';
import { compileApTable, DEFAULT_AP_RULES, DEFAULT_AP_SELECTION } from '../ap/index.ts';
import { FMEA_KINDS } from './kinds.ts';
import { actionIssues } from './actions.ts';
import { controlIssues } from './failures.ts';
import { dfmeaOnly, hasMsrSteps, msrIssues, msrRowsOf, type MsrTables } from './msr.ts';

const msrLookup = compileApTable(DEFAULT_AP_RULES.msr, DEFAULT_AP_SELECTION);

describe('which kinds have the MSR steps', () => {
  it('is read from the kind record: MSR has them, DFMEA, family and PFMEA do not', () => {
    expect(hasMsrSteps(FMEA_KINDS.msr)).toBe(true);
    expect([FMEA_KINDS.dfmea, FMEA_KINDS.family, FMEA_KINDS.pfmea].map(hasMsrSteps)).toEqual([false, false, false]);
  });
});

describe('MSR fields of a cause', () => {
  it('takes F, M and the severity after the system response as ratings 1–10, and the effect as text', () => {
    expect(msrIssues('FC', { msrFrequency: 4, msrMonitoring: 1, msrSeverity: 5, msrEffect: 'Window stops, warning lamp' }, true)).toEqual([]);
    expect(msrIssues('FC', { msrFrequency: null, msrMonitoring: null }, true)).toEqual([]);
    const issues = msrIssues('FC', { msrFrequency: 0, msrMonitoring: 11, msrSeverity: 2.5, msrEffect: 'x'.repeat(201) }, true);
    expect(issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['msrFrequency', 'ap.rating_out_of_range'],
      ['msrMonitoring', 'ap.rating_out_of_range'],
      ['msrSeverity', 'ap.rating_out_of_range'],
      ['msrEffect', expect.stringContaining('too_long')],
    ]);
  });

  it('rates causes only, and only in a project whose kind has the MSR steps', () => {
    expect(msrIssues('FM', { msrFrequency: 3 }, true)).toEqual([expect.objectContaining({ field: 'msrFrequency', messageKey: 'fmea.rating_on_cause_only', params: expect.objectContaining({ kind: 'FM' }) })]);
    expect(msrIssues('FC', { msrMonitoring: 3 }, false)).toEqual([expect.objectContaining({ field: 'msrMonitoring', messageKey: 'fmea.msr_not_in_project' })]);
    // nothing MSR asked: nothing to refuse, whatever the project
    expect(msrIssues('FC', {}, false)).toEqual([]);
  });

  it('takes monitoring and response controls and actions only where the project has the MSR steps', () => {
    expect(controlIssues('FC', { kind: 'monitoring', description: 'Hall pulses watched' }, { msr: true })).toEqual([]);
    expect(controlIssues('FC', { kind: 'response', description: 'Reverse the window' }, { msr: false })).toEqual([expect.objectContaining({ field: 'kind', messageKey: 'fmea.msr_not_in_project' })]);
    expect(controlIssues('FC', { kind: 'sensing', description: 'x' }, { msr: true })).toEqual([expect.objectContaining({ field: 'kind', messageKey: 'fmea.value_invalid' })]);
    expect(actionIssues({ kind: 'response', description: 'Add a reverse on stall', raOccurrence: 4, raDetection: 2 }, { msr: true })).toEqual([]);
    expect(actionIssues({ kind: 'monitoring', description: 'x' }, { msr: false })).toEqual([expect.objectContaining({ messageKey: 'fmea.msr_not_in_project' })]);
  });
});

/** Window lifter, MSR: effect "Finger pinched" S10 and "Window does not close" S6 on one mode, two causes of it. */
function tables(over: Partial<MsrTables> = {}): MsrTables {
  const failure = (id: string, functionId: string, kind: 'FE' | 'FM' | 'FC', description: string, sort: number, rest: Partial<MsrTables['failures'][number]> = {}) => ({
    id,
    functionId,
    kind,
    description,
    severity: null,
    msrFrequency: null,
    msrMonitoring: null,
    msrSeverity: null,
    msrEffect: null,
    version: 1,
    sort,
    ...rest,
  });
  return {
    nodes: [
      { id: 'root', parentId: null, nodeType: 1, name: 'Window lifter', sort: 1 },
      { id: 'ecu', parentId: 'root', nodeType: 3, name: 'Control unit', sort: 1 },
      { id: 'sensor', parentId: 'root', nodeType: 3, name: 'Hall sensor', sort: 2 },
    ],
    functions: [
      { id: 'f-root', nodeId: 'root', description: 'Close without pinching', sort: 1 },
      { id: 'f-ecu', nodeId: 'ecu', description: 'Stop on obstacle', sort: 1 },
      { id: 'f-sensor', nodeId: 'sensor', description: 'Report position', sort: 1 },
    ],
    failures: [
      failure('fe-pinch', 'f-root', 'FE', 'Finger pinched', 1, { severity: 10 }),
      failure('fe-open', 'f-root', 'FE', 'Window does not close', 2, { severity: 6 }),
      failure('fm', 'f-ecu', 'FM', 'Window does not stop on obstacle', 1),
      // the sensor's cause comes first in structure order though it is listed last here
      failure('fc-sw', 'f-ecu', 'FC', 'Anti-pinch threshold wrong', 1, { msrFrequency: 4, msrMonitoring: 1, msrSeverity: 6, msrEffect: 'Window reverses' }),
      failure('fc-hall', 'f-sensor', 'FC', 'Hall pulses lost', 1, { msrFrequency: 3, msrMonitoring: 5 }),
      failure('fc-lonely', 'f-sensor', 'FC', 'Cause under no mode', 2, { msrFrequency: 9 }),
    ],
    failureLinks: [
      { higherFailureId: 'fe-pinch', lowerFailureId: 'fm' },
      { higherFailureId: 'fe-open', lowerFailureId: 'fm' },
      { higherFailureId: 'fm', lowerFailureId: 'fc-sw' },
      { higherFailureId: 'fm', lowerFailureId: 'fc-hall' },
    ],
    controls: [
      { id: 'c-prev', causeId: 'fc-sw', kind: 'prevention', description: 'Threshold from calibration rules', version: 1, sort: 1 },
      { id: 'c-resp', causeId: 'fc-sw', kind: 'response', description: 'Reverse the window', version: 1, sort: 1 },
      { id: 'c-mon', causeId: 'fc-sw', kind: 'monitoring', description: 'Motor current watched', version: 2, sort: 1 },
    ],
    actions: [],
    ...over,
  };
}

const action = (over: Partial<MsrTables['actions'][number]>): MsrTables['actions'][number] => ({
  id: 'a',
  causeId: 'fc-hall',
  kind: 'monitoring',
  description: 'Plausibility of Hall pulses',
  responsibleUserId: null,
  targetDate: null,
  status: 'open',
  actionTaken: null,
  completionDate: null,
  raSeverity: null,
  raOccurrence: null,
  raDetection: null,
  version: 1,
  sort: 1,
  ...over,
});

describe('the MSR form rows', () => {
  it('has one row per cause under a mode, in structure order, with the most severe original effect as S', () => {
    const rows = msrRowsOf(tables(), msrLookup);
    expect(rows.map((r) => r.cause)).toEqual(['Anti-pinch threshold wrong', 'Hall pulses lost']);
    expect(rows[0]).toMatchObject({
      elementName: 'Control unit',
      functionDescription: 'Stop on obstacle',
      modes: ['Window does not stop on obstacle'],
      effect: 'Finger pinched',
      severity: 10,
      frequency: 4,
      monitoring: 1,
      effectAfterResponse: 'Window reverses',
      severityAfterResponse: 6,
      monitoringControls: [{ id: 'c-mon', version: 2, kind: 'monitoring', description: 'Motor current watched' }],
      responseControls: [{ id: 'c-resp', version: 1, kind: 'response', description: 'Reverse the window' }],
      actions: [],
      after: null,
    });
  });

  it('reads the MSR AP from the MSR table with S, F and M, and gives none until all three are rated', () => {
    const [sw, hall] = msrRowsOf(tables(), msrLookup);
    // S 10, F 4, M 1: M in the MSR table (as encoded; docs/domain/action-priority.md)
    expect(sw!.ap).toBe('M');
    // S 10, F 3, M 5: H
    expect(hall!.ap).toBe('H');
    const unrated = msrRowsOf(tables({ failures: tables().failures.map((f) => (f.id === 'fc-hall' ? { ...f, msrMonitoring: null } : f)) }), msrLookup);
    expect(unrated[1]!.ap).toBeNull();
    // a cause whose effects are not rated has no S and no AP
    const noS = msrRowsOf(tables({ failures: tables().failures.map((f) => (f.kind === 'FE' ? { ...f, severity: null } : f)) }), msrLookup);
    expect(noS.map((r) => [r.effect, r.severity, r.ap])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
  });

  it('rates after the MSR actions: the last action giving F or M counts, not-implemented ones do not, DFMEA actions stay out', () => {
    const rows = msrRowsOf(
      tables({
        actions: [
          action({ id: 'a1', raOccurrence: 2, sort: 1 }),
          action({ id: 'a2', kind: 'response', description: 'Stop the motor', raDetection: 1, raSeverity: 4, sort: 2 }),
          action({ id: 'a3', raDetection: 9, status: 'notImplemented', sort: 3 }),
          action({ id: 'a4', kind: 'detection', description: 'End-of-line test', raDetection: 10, sort: 4 }),
        ],
      }),
      msrLookup,
    );
    const hall = rows[1]!;
    expect(hall.actions.map((a) => [a.id, a.kind, a.frequencyAfter, a.monitoringAfter, a.severityAfter])).toEqual([
      ['a1', 'monitoring', 2, null, null],
      ['a2', 'response', null, 1, 4],
      ['a3', 'monitoring', null, 9, null],
    ]);
    // S 10, F 2, M 1: L
    expect(hall.after).toEqual({ severityAfterResponse: 4, frequency: 2, monitoring: 1, ap: 'L' });
  });

  it('leaves the DFMEA its own controls and actions', () => {
    const t = tables();
    expect(dfmeaOnly(t.controls).map((c) => c.id)).toEqual(['c-prev']);
  });
});
