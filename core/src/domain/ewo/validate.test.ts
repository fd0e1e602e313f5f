import { describe, expect, it } from 'vitest';
import { ewoBreakpointIssues, ewoDocumentIssues, ewoFieldIssues } from './validate.ts';

const keys = (issues: { messageKey: string; field?: string }[]) => issues.map((i) => `${i.field}:${i.messageKey}`);

describe('EWO fields', () => {
  it('accepts a complete new EWO', () => {
    expect(ewoFieldIssues({ description: 'Stronger spring', ewoType: 'design', source: 'problem', closingDate: '2026-03-31', trackerId: 'u1' })).toEqual([]);
  });
  it('names each missing or wrong field of a new EWO', () => {
    expect(keys(ewoFieldIssues({ description: ' ', ewoType: 'x', closingDate: '2026-02-30' }))).toEqual([
      'description:validation.required',
      'ewoType:fmea.value_invalid',
      'source:validation.required',
      'closingDate:fmea.date_invalid',
      'trackerId:validation.required',
    ]);
  });
  it('checks only the fields an edit sends', () => {
    expect(ewoFieldIssues({ description: 'x'.repeat(501) }, { partial: true })).toEqual([expect.objectContaining({ field: 'description', messageKey: 'validation.too_long' })]);
  });
});

describe('EWO documents and breakpoints', () => {
  it('needs a side, a name, a version and a file', () => {
    expect(keys(ewoDocumentIssues({ docSide: 'middle', docName: 'Drawing' }))).toEqual(['docSide:fmea.value_invalid', 'docVersion:validation.required', 'fileId:validation.required']);
  });
  it('checks a date breakpoint as a real date', () => {
    expect(keys(ewoBreakpointIssues({ breakpointKind: 'date', breakpointValue: '2026-13-01', result: 'effective', content: 'seen on line 2' }))).toEqual(['breakpointValue:fmea.date_invalid']);
    expect(ewoBreakpointIssues({ breakpointKind: 'serialNumber', breakpointValue: 'SN-10442', result: 'effective', content: 'first part checked' })).toEqual([]);
  });
});
