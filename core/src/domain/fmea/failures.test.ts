import { describe, expect, it } from 'vitest';
import { controlIssues, failureIssues, frequencyRatioIssues, functionIssues } from './failures.ts';
import { characteristicIssues, interfaceIssues, nodeIssues } from './elements.ts';
import { dateIssues, sortIssues } from './fields.ts';

const keys = (issues: readonly { messageKey: string; field?: string }[]) => issues.map((i) => `${i.field}:${i.messageKey}`);

describe('failure fields by kind', () => {
  it('rates severity on an effect, occurrence and detection on a cause, the frequency ratio on a mode', () => {
    expect(failureIssues('FE', { description: 'Window does not close', severity: 8 })).toEqual([]);
    expect(failureIssues('FC', { description: 'Motor worn', occurrence: 4, detection: 6 })).toEqual([]);
    expect(failureIssues('FM', { description: 'No torque', frequencyRatio: 0.4 })).toEqual([]);
  });

  it('refuses severity off an effect and O/D off a cause', () => {
    expect(keys(failureIssues('FM', { description: 'x', severity: 5 }))).toEqual(['severity:fmea.severity_on_effect_only']);
    expect(keys(failureIssues('FE', { description: 'x', occurrence: 5, detection: 5 }))).toEqual([
      'occurrence:fmea.rating_on_cause_only',
      'detection:fmea.rating_on_cause_only',
    ]);
    expect(failureIssues('FC', { description: 'x', frequencyRatio: 0.5 })[0]).toMatchObject({
      messageKey: 'fmea.frequency_ratio_on_mode_only',
      params: { field: 'frequencyRatio', kind: 'FC' },
    });
  });

  it.each([0, 11, 2.5, '7'])('refuses the rating %j through the AP rule', (value) => {
    expect(failureIssues('FE', { description: 'x', severity: value })).toEqual([
      { messageKey: 'ap.rating_out_of_range', field: 'severity', params: { field: 'severity', value: typeof value === 'number' ? value : String(value) } },
    ]);
  });

  it('leaves ratings that are not given yet alone', () => {
    expect(failureIssues('FC', { description: 'x', occurrence: null, detection: undefined })).toEqual([]);
  });

  it('needs a description of at most 200 characters, unless only other fields change', () => {
    expect(keys(failureIssues('FE', {}))).toEqual(['description:validation.required']);
    expect(keys(failureIssues('FE', { description: 'a'.repeat(201) }))).toEqual(['description:validation.too_long']);
    expect(failureIssues('FE', { severity: 3 }, { partial: true })).toEqual([]);
  });

  it('refuses an unknown kind before anything else', () => {
    expect(keys(failureIssues('XX' as never, { severity: 99 }))).toEqual(['kind:fmea.value_invalid']);
  });

  it('refuses a frequency ratio outside 0..1', () => {
    expect(keys(failureIssues('FM', { description: 'x', frequencyRatio: 1.5 }))).toEqual(['frequencyRatio:fmea.value_invalid']);
  });
});

describe('frequencyRatioIssues', () => {
  it('accepts modes of one function totalling at most 1 and ignores modes without a ratio', () => {
    expect(frequencyRatioIssues([{ functionId: 'f', frequencyRatio: 0.6 }, { functionId: 'f', frequencyRatio: 0.4 }, { functionId: 'f', frequencyRatio: null }])).toEqual([]);
  });

  it('refuses more than 1 under one function', () => {
    expect(frequencyRatioIssues([{ functionId: 'f', frequencyRatio: 0.7 }, { functionId: 'f', frequencyRatio: 0.4 }, { functionId: 'g', frequencyRatio: 0.9 }])).toEqual([
      { messageKey: 'validation.frequency_ratio_sum', field: 'ratio', params: { field: 'ratio', functionId: 'f', sum: 1.1 } },
    ]);
  });
});

describe('controls, functions, nodes, characteristics and interfaces', () => {
  it('puts controls on causes only, prevention or detection, with a description', () => {
    expect(controlIssues('FC', { kind: 'prevention', description: 'Design guideline DG-12' })).toEqual([]);
    expect(keys(controlIssues('FM', { kind: 'audit', description: '' }))).toEqual([
      'causeId:fmea.cause_required',
      'kind:fmea.value_invalid',
      'description:validation.required',
    ]);
    expect(controlIssues('FC', { description: 'new text' }, { partial: true })).toEqual([]);
  });

  it('checks function texts', () => {
    expect(functionIssues({ description: 'Lift the window', requirement: 'within 4 s' })).toEqual([]);
    expect(keys(functionIssues({ description: ' ', requirement: 'r'.repeat(201) }))).toEqual(['description:validation.required', 'requirement:validation.too_long']);
    expect(functionIssues({ requirement: 'x' }, { partial: true })).toEqual([]);
  });

  it('checks node names', () => {
    expect(nodeIssues({ name: 'Window lifter' })).toEqual([]);
    expect(keys(nodeIssues({ name: '' }))).toEqual(['name:validation.required']);
    expect(nodeIssues({ imageName: 'x.png' }, { partial: true })).toEqual([]);
  });

  it('checks characteristics', () => {
    expect(characteristicIssues({ name: 'Gear backlash', characteristicClass: 'critical', special: true })).toEqual([]);
    expect(keys(characteristicIssues({ name: 'x', characteristicClass: 'major', special: 'yes' }))).toEqual([
      'characteristicClass:fmea.value_invalid',
      'special:fmea.value_invalid',
    ]);
  });

  it('checks interfaces: types 1 to 5, two different nodes', () => {
    for (const type of [1, 2, 3, 4, 5]) expect(interfaceIssues({ firstNodeId: 'a', secondNodeId: 'b', interfaceType: type })).toEqual([]);
    expect(keys(interfaceIssues({ firstNodeId: 'a', secondNodeId: 'a', interfaceType: 6 }))).toEqual([
      'interfaceType:fmea.value_invalid',
      'secondNodeId:fmea.interface_same_node',
    ]);
  });
});

describe('dateIssues', () => {
  it.each(['2026-01-31', '2024-02-29', '', null, undefined])('accepts %j', (value) => {
    expect(dateIssues(value, 'sopDate')).toEqual([]);
  });

  it.each(['2025-02-29', '2026-13-01', '2026-1-5', '26-01-01', '2026/01/01', 20260101])('refuses %j', (value) => {
    expect(dateIssues(value, 'sopDate')).toEqual([
      { messageKey: 'fmea.date_invalid', field: 'sopDate', params: { field: 'sopDate', value: String(value) } },
    ]);
  });
});

describe('sortIssues', () => {
  it('accepts positive whole numbers and a missing sort', () => {
    expect(sortIssues(1)).toEqual([]);
    expect(sortIssues(undefined)).toEqual([]);
  });

  it.each([0, -1, 1.5, '2', null, 3e9])('refuses %j', (value) => {
    expect(sortIssues(value)).toEqual([{ messageKey: 'fmea.value_invalid', field: 'sort', params: { field: 'sort', value: String(value) } }]);
  });
});
