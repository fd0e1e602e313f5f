import type { Issue } from '../../errors.ts';
import { dateIssues, oneOfIssues } from '../fmea/fields.ts';
import { checkText } from '../validation/index.ts';
import {
  EWO_BREAKPOINT_KINDS,
  EWO_BREAKPOINT_RESULTS,
  EWO_DESCRIPTION_MAX,
  EWO_DOC_VERSION_MAX,
  EWO_DOCUMENT_SIDES,
  EWO_NOTE_MAX,
  EWO_SOURCES,
  EWO_TYPES,
} from './vocabulary.ts';

/**
 * What is wrong with an EWO's input, as issues naming their fields (the form shows each under its field; the
 * API and the CLI name the field by its label). Pure: the services check these first and write nothing when any
 * is found.
 */
export interface EwoFields {
  description?: unknown;
  ewoType?: unknown;
  source?: unknown;
  closingDate?: unknown;
  trackerId?: unknown;
}

const required = (value: unknown, field: string): Issue[] =>
  value === undefined || value === null || value === '' ? [{ messageKey: 'validation.required', field, params: { field } }] : [];

/** A new EWO's fields (all of them), or an edit's (`partial`: only those sent). */
export function ewoFieldIssues(input: EwoFields, { partial = false }: { partial?: boolean } = {}): Issue[] {
  const sent = (key: keyof EwoFields) => !partial || input[key] !== undefined;
  const issues: Issue[] = [];
  if (sent('description')) issues.push(...checkText(input.description, { field: 'description', required: true, max: EWO_DESCRIPTION_MAX }));
  if (sent('ewoType')) issues.push(...(required(input.ewoType, 'ewoType').length ? required(input.ewoType, 'ewoType') : oneOfIssues(input.ewoType, EWO_TYPES, 'ewoType')));
  if (sent('source')) issues.push(...(required(input.source, 'source').length ? required(input.source, 'source') : oneOfIssues(input.source, EWO_SOURCES, 'source')));
  if (sent('closingDate')) issues.push(...dateIssues(input.closingDate, 'closingDate'));
  if (sent('trackerId')) issues.push(...required(input.trackerId, 'trackerId'));
  return issues;
}

/** A before/after document: which side, its name and version, and the uploaded file. */
export function ewoDocumentIssues(input: { docSide?: unknown; docName?: unknown; docVersion?: unknown; fileId?: unknown }): Issue[] {
  return [
    ...(required(input.docSide, 'docSide').length ? required(input.docSide, 'docSide') : oneOfIssues(input.docSide, EWO_DOCUMENT_SIDES, 'docSide')),
    ...checkText(input.docName, { field: 'docName', required: true }),
    ...checkText(input.docVersion, { field: 'docVersion', required: true, max: EWO_DOC_VERSION_MAX }),
    ...required(input.fileId, 'fileId'),
  ];
}

/** A follow-up note (what the tracker found or did). */
export const ewoNoteIssues = (content: unknown, field = 'content'): Issue[] => checkText(content, { field, required: true, max: EWO_NOTE_MAX });

/**
 * A breakpoint follow-up: the cut-in (from which serial number, lot or date the change applies; a date must be
 * a real one) and what the follow-up found. Verifying needs the result "effective": a change not seen in effect
 * is followed up again, not verified.
 */
export function ewoBreakpointIssues(input: { breakpointKind?: unknown; breakpointValue?: unknown; result?: unknown; content?: unknown }): Issue[] {
  const issues: Issue[] = [];
  issues.push(...(required(input.breakpointKind, 'breakpointKind').length ? required(input.breakpointKind, 'breakpointKind') : oneOfIssues(input.breakpointKind, EWO_BREAKPOINT_KINDS, 'breakpointKind')));
  const valueIssues = checkText(input.breakpointValue, { field: 'breakpointValue', required: true, max: 50 });
  issues.push(...valueIssues);
  if (valueIssues.length === 0 && input.breakpointKind === 'date') issues.push(...dateIssues(input.breakpointValue, 'breakpointValue'));
  issues.push(...(required(input.result, 'result').length ? required(input.result, 'result') : oneOfIssues(input.result, EWO_BREAKPOINT_RESULTS, 'result')));
  issues.push(...ewoNoteIssues(input.content));
  return issues;
}
