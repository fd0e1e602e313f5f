import { describe, expect, it } from 'vitest';
import { CREATOR_DEFAULT_ROLE, projectHeaderIssues, responsibleOf, teamIssues, withCreator } from './project.ts';
import { FMEA_KINDS } from './kinds.ts';

const keys = (issues: readonly { messageKey: string; field?: string }[]) => issues.map((i) => `${i.field}:${i.messageKey}`);

describe('project header', () => {
  it('accepts a complete header', () => {
    expect(
      projectHeaderIssues({
        projectType: 'dfmea',
        name: 'Window lifter',
        stage: 'B sample',
        sopDate: '2027-03-01',
        versionLabel: 'V1.0',
        startDate: '2026-01-05',
        customer: 'OEM',
        platform: 'E3',
        carTypeYears: 'MY27',
        confidentiality: 'internal',
        teamNotes: 'weekly review',
        apTable: 'dfmea',
      }),
    ).toEqual([]);
  });

  it('refuses an unknown type, a missing name, bad dates and long texts', () => {
    expect(keys(projectHeaderIssues({ projectType: 'qfd', name: '', sopDate: '2027-02-30', versionLabel: 'v'.repeat(21), customer: 'c'.repeat(201), apTable: 'x' }))).toEqual([
      'projectType:fmea.value_invalid',
      'name:validation.required',
      'customer:validation.too_long',
      'versionLabel:validation.too_long',
      'sopDate:fmea.date_invalid',
      'apTable:fmea.value_invalid',
    ]);
  });

  it('checks only the given fields of a partial update', () => {
    expect(projectHeaderIssues({ customer: 'OEM' }, { partial: true })).toEqual([]);
    expect(keys(projectHeaderIssues({ name: ' ' }, { partial: true }))).toEqual(['name:validation.required']);
  });
});

describe('project team', () => {
  it('accepts exactly one responsible member with roles 0 to 5', () => {
    expect(teamIssues([{ userId: 'u1', roles: [0] }, { userId: 'u2', roles: [1, 4] }, { userId: 'u3', roles: [5] }])).toEqual([]);
  });

  it('refuses no responsible member, or two', () => {
    expect(keys(teamIssues([{ userId: 'u1', roles: [1] }]))).toEqual(['members:validation.responsible_missing']);
    expect(keys(teamIssues([{ userId: 'u1', roles: [0] }, { userId: 'u2', roles: [0, 1] }]))).toEqual(['members:validation.responsible_multiple']);
  });

  it('refuses a role outside 0..5 and a member without a role', () => {
    expect(teamIssues([{ userId: 'u1', roles: [0] }, { userId: 'u2', roles: [6] }, { userId: 'u3', roles: [] }])).toEqual([
      { messageKey: 'fmea.member_role_invalid', field: 'members', params: { field: 'members', userId: 'u2', value: '6' } },
      { messageKey: 'fmea.member_role_invalid', field: 'members', params: { field: 'members', userId: 'u3', value: '' } },
    ]);
  });

  it('adds the creator as counsellor (read-only) unless already named', () => {
    expect(CREATOR_DEFAULT_ROLE).toBe(2);
    expect(withCreator([{ userId: 'u1', roles: [0] }], 'me')).toEqual([{ userId: 'u1', roles: [0] }, { userId: 'me', roles: [2] }]);
    expect(withCreator([{ userId: 'me', roles: [0] }], 'me')).toEqual([{ userId: 'me', roles: [0] }]);
    expect(withCreator([{ userId: 'u1', roles: [0] }], null)).toEqual([{ userId: 'u1', roles: [0] }]);
  });

  it('finds the responsible member', () => {
    expect(responsibleOf([{ userId: 'u1', roles: [1] }, { userId: 'u2', roles: [1, 0] }])).toBe('u2');
    expect(responsibleOf([{ userId: 'u1', roles: [1] }])).toBeNull();
  });
});

describe('project types and steps', () => {
  it('numbers DFMEA with DF and PFMEA with PF, and rates each with its AP table', () => {
    expect(FMEA_KINDS.dfmea).toMatchObject({ numberingModule: 'dfmeaProject', apTable: 'dfmea' });
    expect(FMEA_KINDS.pfmea).toMatchObject({ numberingModule: 'pfmeaProject', apTable: 'pfmea', memberKind: 'process' });
    // FMEA-MSR: the DFMEA part rates with the DFMEA table, the MSR steps with the MSR table whatever the project's (services/fmea/msr.ts)
    expect(FMEA_KINDS.msr.apTable).toBe('dfmea');
  });

  it('walks the seven steps, and an MSR project adds its three supplementary steps before documentation', () => {
    expect(FMEA_KINDS.dfmea.steps).toEqual([
      'planningAndPreparation',
      'structuralAnalysis',
      'functionalAnalysis',
      'failureAnalysis',
      'riskAnalysis',
      'optimization',
      'documentation',
    ]);
    expect(FMEA_KINDS.msr.steps.slice(5)).toEqual(['optimization', 'msrFailureAnalysis', 'msrRiskAnalysis', 'msrOptimization', 'documentation']);
  });
});
