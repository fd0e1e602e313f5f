import { ApiError } from '@fmea/workbench/sdk';

/** A failed save as a form shows it: a headline for the form, and lines placed on the fields they name. */
export interface FormErrors {
  message: string | null;
  fields: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { message: null, fields: {} };

/**
 * The server's message is already translated: a headline, then one line per
 * issue in the order of `data.issues`. Lines for fields the form shows go
 * under those fields; the rest stay with the headline.
 */
export function readServerError(error: unknown, knownFields: readonly string[] = []): FormErrors {
  if (!(error instanceof ApiError)) return { message: error instanceof Error ? error.message : String(error), fields: {} };
  const lines = error.message.split('\n');
  const issues = error.issues;
  if (issues.length === 0 || lines.length !== issues.length + 1) return { message: error.message, fields: {} };
  const fields: Record<string, string> = {};
  const rest: string[] = [lines[0] ?? ''];
  issues.forEach((issue, index) => {
    const line = lines[index + 1] ?? '';
    const field = issue.field?.split('.')[0];
    if (field && knownFields.includes(field) && !fields[field]) fields[field] = line;
    else rest.push(line);
  });
  return { message: rest.filter(Boolean).join('\n') || null, fields };
}
