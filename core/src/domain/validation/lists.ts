import type { Issue } from '../../errors.ts';
import { fieldIssue } from './issue.ts';

export interface SortOptions {
  readonly field?: string;
  /** Some dashboard modules share an order value (spec 001 §5). */
  readonly allowShared?: boolean;
}

/**
 * Sort values of a list: each a positive integer and, unless shared values are
 * allowed, none repeated. Issues carry the 1-based row of the item; a repeat is
 * reported on every item after the first that holds the value.
 */
export function checkSortValues(
  items: readonly { readonly id?: string | number; readonly sort: unknown }[],
  { field = 'sort', allowShared = false }: SortOptions = {},
): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<number>();
  items.forEach(({ sort }, index) => {
    const row = index + 1;
    if (typeof sort !== 'number' || !Number.isInteger(sort) || sort < 1) {
      issues.push(fieldIssue('validation.sort_positive_integer', field, { value: String(sort) }, row));
      return;
    }
    if (!allowShared && seen.has(sort)) issues.push(fieldIssue('validation.sort_duplicate', field, { value: sort }, row));
    seen.add(sort);
  });
  return issues;
}

/** Spec 001 §3: task-member role 0 is "responsible". */
export const RESPONSIBLE_ROLE = 0;

export interface Member {
  readonly userId: string;
  /** Design members hold one role, process members a list (spec 001 §3). */
  readonly role: number | readonly number[];
}

/**
 * A project team (spec 001 §5): exactly one responsible person, nobody listed
 * twice. A user listed twice as responsible counts once, so the duplicate is
 * the one problem reported.
 */
export function checkExactlyOneResponsible(members: readonly Member[], responsibleRole: number = RESPONSIBLE_ROLE): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const reported = new Set<string>();
  const responsible = new Set<string>();
  for (const { userId, role } of members) {
    if (seen.has(userId) && !reported.has(userId)) {
      issues.push(fieldIssue('validation.member_duplicate', 'members', { userId }));
      reported.add(userId);
    }
    seen.add(userId);
    const roles: readonly number[] = typeof role === 'number' ? [role] : role;
    if (roles.includes(responsibleRole)) responsible.add(userId);
  }
  if (responsible.size === 0) issues.push(fieldIssue('validation.responsible_missing', 'members'));
  if (responsible.size > 1) issues.push(fieldIssue('validation.responsible_multiple', 'members', { count: responsible.size }));
  return issues;
}

/** Float sums such as 0.1 + 0.2 + 0.7 land a hair above 1; this much is still "at most 1". */
const RATIO_EPSILON = 1e-9;

/**
 * Frequency ratios of the failure modes of each function (spec 001 §5): each
 * from 0 to 1, and per function at most 1 in total. Out-of-range ratios are
 * reported on their row and left out of the sum.
 */
export function checkFrequencyRatios(modes: readonly { readonly functionId: string; readonly ratio: number }[]): Issue[] {
  const issues: Issue[] = [];
  const sums = new Map<string, number>();
  modes.forEach(({ functionId, ratio }, index) => {
    if (typeof ratio !== 'number' || !(ratio >= 0 && ratio <= 1)) {
      issues.push(fieldIssue('validation.frequency_ratio_range', 'ratio', { functionId, value: String(ratio) }, index + 1));
      return;
    }
    sums.set(functionId, (sums.get(functionId) ?? 0) + ratio);
  });
  for (const [functionId, sum] of sums) {
    if (sum > 1 + RATIO_EPSILON) {
      // Rounded for the message: 1.2000000000000002 helps nobody.
      issues.push(fieldIssue('validation.frequency_ratio_sum', 'ratio', { functionId, sum: Math.round(sum * 1e6) / 1e6 }));
    }
  }
  return issues;
}
