import { describe, expect, it } from 'vitest';
import { assertCatalogDeletable, catalogEditPlan, catalogFlowButton, catalogFlowNext, catalogOpinionIssues, isCurrentCatalogVersion, isQuotableCatalogVersion } from './flow.ts';

describe('the catalog review flow', () => {
  it('runs apply → audit → approve to released', () => {
    expect(catalogFlowNext('apply', '0')).toBe('1');
    expect(catalogFlowNext('audit', '1')).toBe('3');
    expect(catalogFlowNext('approve', '3')).toBe('2');
  });

  it('rejects from either review stage, and the applicant withdraws from the first', () => {
    expect(catalogFlowNext('reject', '1')).toBe('4');
    expect(catalogFlowNext('reject', '3')).toBe('4');
    expect(catalogFlowNext('withdraw', '1')).toBe('0');
    expect(() => catalogFlowNext('withdraw', '3')).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
  });

  it('refuses to apply again before the rejected record was edited', () => {
    expect(() => catalogFlowNext('apply', '4')).toThrow(expect.objectContaining({ messageKey: 'status.knowledge.edit_before_resubmit' }));
    expect(() => catalogFlowNext('approve', '1')).toThrow(expect.objectContaining({ messageKey: 'status.knowledge.invalid_transition' }));
  });

  it('asks the button of the stage', () => {
    expect(catalogFlowButton('apply', '0')).toBe('edit');
    expect(catalogFlowButton('audit', '1')).toBe('audit');
    expect(catalogFlowButton('reject', '1')).toBe('audit');
    expect(catalogFlowButton('reject', '3')).toBe('approve');
    expect(catalogFlowButton('approve', '3')).toBe('approve');
    expect(catalogFlowButton('withdraw', '1')).toBeNull();
  });
});

describe('catalogEditPlan', () => {
  it('edits drafts in place, sends rejected records back to editing and versions released ones', () => {
    expect(catalogEditPlan('0')).toEqual({ mode: 'inPlace', status: '0' });
    expect(catalogEditPlan('4')).toEqual({ mode: 'inPlace', status: '0' });
    expect(catalogEditPlan('2')).toEqual({ mode: 'newVersion', status: '0' });
  });

  it.each(['1', '3'])('locks a record under approval (%s) against editing and deleting', (status) => {
    const locked = expect.objectContaining({ messageKey: 'status.knowledge.locked_during_approval' });
    expect(() => catalogEditPlan(status)).toThrow(locked);
    expect(() => assertCatalogDeletable(status)).toThrow(locked);
  });

  it('refuses unknown statuses', () => {
    expect(() => catalogEditPlan('9')).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
  });
});

describe('versions', () => {
  it('counts the latest version and a new version in preparation as current, replaced releases as history', () => {
    expect(isCurrentCatalogVersion({ status: '2', isLatestVersion: true })).toBe(true);
    expect(isCurrentCatalogVersion({ status: '0', isLatestVersion: false })).toBe(true);
    expect(isCurrentCatalogVersion({ status: '2', isLatestVersion: false })).toBe(false);
  });

  it('lets FMEA items cite released latest versions only', () => {
    expect(isQuotableCatalogVersion({ status: '2', isLatestVersion: true })).toBe(true);
    expect(isQuotableCatalogVersion({ status: '0', isLatestVersion: true })).toBe(false);
    expect(isQuotableCatalogVersion({ status: '2', isLatestVersion: false })).toBe(false);
  });
});

describe('catalogOpinionIssues', () => {
  it('requires an opinion where the flow does, at most 200 characters', () => {
    expect(catalogOpinionIssues('  ', { required: true })).toEqual([{ messageKey: 'status.review.opinion_required', field: 'opinion', params: { field: 'opinion' } }]);
    expect(catalogOpinionIssues(undefined, { required: false })).toEqual([]);
    expect(catalogOpinionIssues('ok', { required: true })).toEqual([]);
    expect(catalogOpinionIssues('意'.repeat(201), { required: false, field: 'remark' })).toEqual([{ messageKey: 'status.review.opinion_too_long', field: 'remark', params: { field: 'remark', max: 200 } }]);
    expect(catalogOpinionIssues(5, { required: true })[0]!.messageKey).toBe('validation.not_text');
  });
});
