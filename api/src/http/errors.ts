import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDomainError, type DomainError, type ErrorCode, type Issue, type MessageParams } from '@fmea/core';
import { issueRowPrefix, translate, type Locale } from '@fmea/core/i18n';
import { fail, type Envelope } from '../envelope.ts';
import { labelledParams } from './labels.ts';

/**
 * The one error envelope (spec 000 §7): every refusal the API answers, from a
 * service's DomainError, a request Hono refused (HTTPException) or an
 * unexpected failure, is built here and only here (app.onError uses it).
 *
 * `meta.message` is the headline then one line per issue ("Row N: " before
 * a row's), so a client without the data still shows everything;
 * `data = { code, messageKey, params, issues, count? }`, each issue with its
 * translated `message` and its `field` (the request path, for the form to
 * place it) and `row`; `count` repeats a numeric `params.count` (how many
 * nodes or links a change would touch: the client asks, then repeats the
 * call with `confirm: true`).
 */

/** The error kinds beyond the domain's: a failure of the server itself. */
export type ErrorKind = ErrorCode | 'system_error';

export interface PresentedIssue extends Issue {
  /** The issue in the reader's language, the field named by its label. */
  readonly message: string;
}

export interface ErrorData {
  code: ErrorKind;
  messageKey: string;
  params: MessageParams;
  issues: PresentedIssue[];
  count?: number;
}

export interface ErrorAnswer {
  status: ContentfulStatusCode;
  envelope: Envelope<ErrorData>;
}

export const STATUS_OF: Record<ErrorCode, ContentfulStatusCode> = { invalid_input: 400, unauthenticated: 401, not_allowed: 403, not_found: 404, conflict: 409, invalid_transition: 409 };

/** The domain kind of an HTTP status Hono answered with. */
function kindOfStatus(status: number): ErrorKind {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'not_allowed';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  return status < 500 ? 'invalid_input' : 'system_error';
}

/** An issue's text in the reader's language, its field named by label. */
export function issueText(locale: Locale, issue: Issue): string {
  return translate(locale, issue.messageKey, labelledParams(locale, issue));
}

/**
 * An issue's message: its text, led by its sheet and row when it is in
 * another sheet than the one read (`params.sheet`, workbook imports), as its
 * row alone would point into the sheet read.
 */
export function issueMessage(locale: Locale, issue: Issue): string {
  return `${issue.params?.sheet !== undefined ? issueRowPrefix(locale, issue) : ''}${issueText(locale, issue)}`;
}

function build(status: ContentfulStatusCode, locale: Locale, code: ErrorKind, messageKey: string, params: MessageParams, issues: readonly Issue[]): ErrorAnswer {
  const presented = issues.map((issue): PresentedIssue => ({ ...issue, message: issueMessage(locale, issue) }));
  const lines = issues.map((issue) => `${issueRowPrefix(locale, issue)}${issueText(locale, issue)}`);
  const data: ErrorData = { code, messageKey, params, issues: presented };
  if (typeof params.count === 'number') data.count = params.count;
  return { status, envelope: fail(status, [translate(locale, messageKey, params), ...lines].join('\n'), data) as Envelope<ErrorData> };
}

/** The envelope and status for any error, in the reader's language. */
export function errorAnswer(error: unknown, locale: Locale): ErrorAnswer {
  if (isDomainError(error)) return domainErrorAnswer(error, locale);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const key = status === 413 ? 'request.too_large' : status === 400 ? 'request.malformed' : status < 500 ? 'request.invalid' : 'error.system';
    return build(status, locale, kindOfStatus(status), key, {}, []);
  }
  return build(500, locale, 'system_error', 'error.system', {}, []);
}

export function domainErrorAnswer(error: DomainError, locale: Locale): ErrorAnswer {
  return build(STATUS_OF[error.code], locale, error.code, error.messageKey, error.params, error.issues);
}
