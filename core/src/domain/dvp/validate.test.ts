import { describe, expect, it } from 'vitest';
import { dvpResultIssues, dvpTestIssues } from './validate.ts';

const keys = (issues: { field?: string; messageKey: string }[]) => issues.map((i) => `${i.field}:${i.messageKey}`);

describe('DVP test fields', () => {
  it('needs a name, positive whole quantities, real dates and ends after starts', () => {
    expect(keys(dvpTestIssues({ name: ' ', testQuantity: 0, sampleQuantity: 2.5, plannedStart: '2026-03-10', plannedEnd: '2026-03-01', actualEnd: '2026-02-30', testStage: 'XX' }))).toEqual([
      'name:validation.required',
      'testQuantity:dvp.quantity_invalid',
      'sampleQuantity:dvp.quantity_invalid',
      'testStage:fmea.value_invalid',
      'actualEnd:fmea.date_invalid',
      'plannedEnd:dvp.dates_order',
    ]);
    expect(dvpTestIssues({ name: 'Cycle test', testQuantity: 6, plannedStart: '2026-03-01', plannedEnd: '2026-03-10', testStage: 'DV' })).toEqual([]);
    expect(dvpTestIssues({ testItem: 'x' }, { partial: true })).toEqual([]);
  });

  it('takes the three results or none', () => {
    expect(dvpResultIssues({ result: null })).toEqual([]);
    expect(dvpResultIssues({ result: 'unqualified' })).toEqual([]);
    expect(keys(dvpResultIssues({ result: 'passed' }))).toEqual(['result:fmea.value_invalid']);
  });
});
