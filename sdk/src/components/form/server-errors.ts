import { ApiError } from '../../api/client.ts';

/** What a failed save tells a form: one message per field it shows, the rest under the form. */
export interface FormErrors {
  /** Shown under the form: the headline plus every problem not placed on a field. */
  message: string | null;
  fields: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { message: null, fields: {} };

export interface ReadOptions {
  /** Issues without a field that still belong under one, by message key (e.g. "tick at least one class"). */
  fieldOfKey?: Readonly<Record<string, string>>;
  /**
   * The server's name of a field where the form names it otherwise: by its first path segment
   * (`projectMembers` → `members`), or by its whole path where the form shows parts of one request
   * field apart (`assignees.quality` → `quality`); the whole path wins.
   */
  serverFields?: Readonly<Record<string, string>>;
}

/**
 * Reads the API's error envelope for a form. The message is already translated:
 * a headline, then one line per issue in the order of `data.issues` (rows
 * prefixed "Row N: "). A line whose issue names a field the form shows (the
 * field's first path segment, `members.0.userId` → `members`) goes under that
 * field, the first one per field; the headline and every other line stay under
 * the form. Anything that is no ApiError shows its message under the form.
 */
export function readServerError(error: unknown, knownFields: readonly string[] = [], options: ReadOptions = {}): FormErrors {
  if (!(error instanceof ApiError)) return { message: error instanceof Error ? error.message : String(error), fields: {} };
  const lines = error.message.split('\n');
  const issues = error.issues;
  if (issues.length === 0 || lines.length !== issues.length + 1) return { message: error.message || null, fields: {} };
  const fields: Record<string, string> = {};
  const rest: string[] = [lines[0] ?? ''];
  issues.forEach((issue, index) => {
    const line = lines[index + 1] ?? '';
    const named = issue.field?.split('.')[0];
    const field = named ? (options.serverFields?.[issue.field!] ?? options.serverFields?.[named] ?? named) : options.fieldOfKey?.[issue.messageKey];
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
