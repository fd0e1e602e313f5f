import { ApiError } from '@fmea/workbench/sdk';

/** What a failed save tells a form: one message per known field, the rest under the form. */
export interface FormErrors {
  /** Shown under the form: the headline plus every problem not placed on a field. */
  message: string | null;
  fields: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { message: null, fields: {} };

/**
 * The server's message is already translated: a headline, then one line per
 * issue in the order of `data.issues` (rows prefixed "Row N: "). Lines whose
 * issue names a field the form shows go under that field.
 */
export function readServerError(error: unknown, knownFields: readonly string[] = [], fieldOfKey: Readonly<Record<string, string>> = {}): FormErrors {
  if (!(error instanceof ApiError)) return { message: error instanceof Error ? error.message : String(error), fields: {} };
  const lines = error.message.split('\n');
  const issues = error.issues;
  if (issues.length === 0 || lines.length !== issues.length + 1) return { message: error.message, fields: {} };
  const fields: Record<string, string> = {};
  const rest: string[] = [lines[0] ?? ''];
  issues.forEach((issue, index) => {
    const line = lines[index + 1] ?? '';
    // issues without a field (e.g. "tick at least one class") may still belong under one
    const field = issue.field?.split('.')[0] ?? fieldOfKey[issue.messageKey];
    if (issue.row === undefined && field && knownFields.includes(field) && !fields[field]) fields[field] = line;
    else rest.push(line);
  });
  return { message: rest.filter(Boolean).join('\n') || null, fields };
}

/** Every problem line of a failed import or save (rows already read "Row N: …"). */
export function errorLines(error: unknown): string[] {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').filter(Boolean);
}
