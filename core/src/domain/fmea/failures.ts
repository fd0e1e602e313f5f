import type { Issue } from '../../errors.ts';
import { checkFrequencyRatios } from '../validation/index.ts';
import { msrKindIssues } from './msr.ts';
import { fieldIssue, oneOfIssues, optionalText, ratingIssues, requiredText } from './fields.ts';
import { ALL_CONTROL_KINDS, FAILURE_KINDS, type FailureKind } from './vocabulary.ts';

/** The fields a failure may carry; which ones depend on its kind. */
export interface FailureFields {
  readonly description?: unknown;
  readonly severity?: unknown;
  readonly occurrence?: unknown;
  readonly detection?: unknown;
  readonly frequencyRatio?: unknown;
}

const given = (value: unknown) => value !== null && value !== undefined;

/**
 * A failure's fields for its kind (handbook step 5): severity is rated on the
 * failure effect, occurrence and detection on the failure cause (with its
 * controls), and the frequency ratio belongs to a failure mode. A rating on
 * the wrong kind is refused rather than silently dropped.
 */
export function failureIssues(kind: FailureKind, fields: FailureFields, { partial = false } = {}): Issue[] {
  const issues = oneOfIssues(kind, FAILURE_KINDS, 'kind');
  if (issues.length > 0) return issues;
  if (!partial || fields.description !== undefined) issues.push(...requiredText(fields.description, 'description'));
  issues.push(...ratingIssues(fields.severity, 'severity'));
  issues.push(...ratingIssues(fields.occurrence, 'occurrence'));
  issues.push(...ratingIssues(fields.detection, 'detection'));
  if (kind !== 'FE' && given(fields.severity)) issues.push(fieldIssue('fmea.severity_on_effect_only', 'severity', { kind }));
  for (const field of ['occurrence', 'detection'] as const) {
    if (kind !== 'FC' && given(fields[field])) issues.push(fieldIssue('fmea.rating_on_cause_only', field, { kind }));
  }
  if (given(fields.frequencyRatio)) {
    if (kind !== 'FM') issues.push(fieldIssue('fmea.frequency_ratio_on_mode_only', 'frequencyRatio', { kind }));
    else if (typeof fields.frequencyRatio !== 'number' || !(fields.frequencyRatio >= 0 && fields.frequencyRatio <= 1)) {
      issues.push(fieldIssue('fmea.value_invalid', 'frequencyRatio', { value: String(fields.frequencyRatio) }));
    }
  }
  return issues;
}

/**
 * Frequency ratios of the failure modes under one function total at most 1
 * (spec 001 §5), through the shared validation rule.
 */
export function frequencyRatioIssues(modes: readonly { readonly functionId: string; readonly frequencyRatio: number | null }[]): Issue[] {
  return checkFrequencyRatios(
    modes.filter((m) => m.frequencyRatio !== null).map((m) => ({ functionId: m.functionId, ratio: m.frequencyRatio! })),
  );
}

/**
 * A current control: on a cause, prevention or detection, with a description;
 * diagnostic monitoring or system response (FMEA-MSR) only where the project's
 * kind has the MSR steps (`msr`; not checked when not given: the service checks it once it knows the project).
 */
export function controlIssues(causeKind: FailureKind, fields: { readonly kind?: unknown; readonly description?: unknown }, { partial = false, msr }: { partial?: boolean; msr?: boolean } = {}): Issue[] {
  const issues: Issue[] = [];
  if (causeKind !== 'FC') issues.push(fieldIssue('fmea.cause_required', 'causeId', { kind: causeKind }));
  if (!partial || fields.kind !== undefined) {
    const kindIssues = oneOfIssues(fields.kind, ALL_CONTROL_KINDS, 'kind');
    issues.push(...(kindIssues.length > 0 ? kindIssues : (msr === undefined ? [] : msrKindIssues(fields.kind, msr))));
  }
  if (!partial || fields.description !== undefined) issues.push(...requiredText(fields.description, 'description'));
  return issues;
}

/** Function: description required, requirement optional; both 200 characters at most. */
export function functionIssues(fields: { readonly description?: unknown; readonly requirement?: unknown }, { partial = false } = {}): Issue[] {
  return [
    ...(!partial || fields.description !== undefined ? requiredText(fields.description, 'description') : []),
    ...optionalText(fields.requirement, 'requirement'),
  ];
}
