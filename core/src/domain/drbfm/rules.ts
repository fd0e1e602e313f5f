import type { Issue } from '../../errors.ts';
import { checkText } from '../validation/index.ts';
import { DRBFM_ACTION_KINDS, DRBFM_ACTION_STATUSES, DRBFM_IMPORTANCES, DRBFM_CHANGE_TEXT, DRBFM_LINE_TEXT, DRBFM_MINUTES_TEXT, DRBFM_PART_KINDS } from './vocabulary.ts';

/**
 * What is wrong with the parts of a DRBFM's worksheet as given to a write, field by field: pure, so the
 * services check before writing and a refusal names every field in the reader's language (docs/domain/drbfm.md).
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export const isDrbfmDate = (value: string): boolean => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

const dateIssue = (value: unknown, field: string, required: boolean): Issue[] => {
  if (value === null || value === undefined || value === '') return required ? [{ messageKey: 'validation.required', field, params: { field } }] : [];
  return typeof value === 'string' && isDrbfmDate(value) ? [] : [{ messageKey: 'drbfm.date_invalid', field, params: { field, value: String(value) } }];
};
const oneOf = (value: unknown, list: readonly string[], field: string, required = false): Issue[] => {
  if (value === null || value === undefined) return required ? [{ messageKey: 'validation.required', field, params: { field } }] : [];
  return typeof value === 'string' && list.includes(value) ? [] : [{ messageKey: 'drbfm.value_invalid', field, params: { field, value: String(value) } }];
};

export interface DrbfmChangeInput {
  changePoint?: string;
  changeReason?: string | null;
  beforeChange?: string | null;
  afterChange?: string | null;
}

/** The change: what changes (required when given or on create), why, before and after. */
export function drbfmChangeIssues(input: DrbfmChangeInput, creating: boolean): Issue[] {
  return [
    ...(creating || input.changePoint !== undefined ? checkText(input.changePoint, { field: 'changePoint', max: DRBFM_CHANGE_TEXT, required: true }) : []),
    ...checkText(input.changeReason, { field: 'changeReason', max: DRBFM_LINE_TEXT }),
    ...checkText(input.beforeChange, { field: 'beforeChange', max: DRBFM_LINE_TEXT }),
    ...checkText(input.afterChange, { field: 'afterChange', max: DRBFM_LINE_TEXT }),
  ];
}

export interface DrbfmPartInput {
  partKind?: string;
  refId?: string | null;
  name?: string;
  functions?: string | null;
  changeNote?: string | null;
}

export function drbfmPartIssues(input: DrbfmPartInput, creating: boolean): Issue[] {
  return [
    ...oneOf(input.partKind, DRBFM_PART_KINDS, 'partKind', creating),
    // a named part (BOM, FMEA) takes its name from the record; free text needs one
    ...(input.partKind === 'text' || (!creating && input.name !== undefined) ? checkText(input.name, { field: 'name', max: DRBFM_LINE_TEXT, required: true }) : []),
    ...(input.partKind && input.partKind !== 'text' && !input.refId ? [{ messageKey: 'validation.required', field: 'refId', params: { field: 'refId' } }] : []),
    ...checkText(input.functions, { field: 'functions', max: DRBFM_LINE_TEXT }),
    ...checkText(input.changeNote, { field: 'changeNote', max: DRBFM_LINE_TEXT }),
  ];
}

export interface DrbfmConcernInput {
  partFunction?: string | null;
  concern?: string;
  influence?: string | null;
  cause?: string | null;
  importance?: string | null;
}

export function drbfmConcernIssues(input: DrbfmConcernInput, creating: boolean): Issue[] {
  return [
    ...checkText(input.partFunction, { field: 'partFunction', max: DRBFM_LINE_TEXT }),
    ...(creating || input.concern !== undefined ? checkText(input.concern, { field: 'concern', max: DRBFM_LINE_TEXT, required: true }) : []),
    ...checkText(input.influence, { field: 'influence', max: DRBFM_LINE_TEXT }),
    ...checkText(input.cause, { field: 'cause', max: DRBFM_LINE_TEXT }),
    ...oneOf(input.importance, DRBFM_IMPORTANCES, 'importance'),
  ];
}

export interface DrbfmActionInput {
  kind?: string;
  description?: string;
  targetDate?: string | null;
  status?: string;
  result?: string | null;
}

export function drbfmActionIssues(input: DrbfmActionInput, creating: boolean): Issue[] {
  return [
    ...oneOf(input.kind, DRBFM_ACTION_KINDS, 'kind', creating),
    ...(creating || input.description !== undefined ? checkText(input.description, { field: 'description', max: DRBFM_LINE_TEXT, required: true }) : []),
    ...dateIssue(input.targetDate, 'targetDate', false),
    ...oneOf(input.status, DRBFM_ACTION_STATUSES, 'status'),
    ...checkText(input.result, { field: 'result', max: DRBFM_LINE_TEXT }),
  ];
}

export interface DrbfmMeetingInput {
  meetingDate?: string;
  participants?: string;
  minutes?: string | null;
  decisions?: string | null;
}

export function drbfmMeetingIssues(input: DrbfmMeetingInput, creating: boolean): Issue[] {
  return [
    ...(creating || input.meetingDate !== undefined ? dateIssue(input.meetingDate, 'meetingDate', true) : []),
    ...(creating || input.participants !== undefined ? checkText(input.participants, { field: 'participants', max: DRBFM_LINE_TEXT, required: true }) : []),
    ...checkText(input.minutes, { field: 'minutes', max: DRBFM_MINUTES_TEXT }),
    ...checkText(input.decisions, { field: 'decisions', max: DRBFM_LINE_TEXT }),
  ];
}
