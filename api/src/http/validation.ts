import type { ZodError } from 'zod';
import * as zodLocales from 'zod/locales';
import { InvalidInputError, unsafeTextIssues, type Issue, type Locale } from '@fmea/core';

const LOCALE_ERRORS = { 'zh-CN': zodLocales.zhCN().localeError, 'en-US': zodLocales.en().localeError } as const;

/** zod keeps no input on its issues, so "received undefined" would be wrong for a mistyped value. */
const RECEIVED = /(，实际接收 undefined|, received undefined)$/;

/** Turns a zod failure into our InvalidInputError, one translated issue per field. */
export function requestInvalid(error: ZodError, locale: Locale): InvalidInputError {
  const describe = LOCALE_ERRORS[locale];
  const issues: Issue[] = error.issues.map((issue) => {
    const text = describe(issue as never);
    const reason = (typeof text === 'string' ? text : (text?.message ?? issue.message)).replace(RECEIVED, '');
    const field = issue.path.map(String).join('.') || '-';
    return { messageKey: 'request.field_invalid', params: { field, reason }, field };
  });
  return new InvalidInputError('request.invalid', {}, issues);
}

/**
 * Every validated request part (JSON body, query, path, form fields and file
 * names) passes here after its schema: text holding a control character or a
 * lone surrogate is refused with the field named, so no route stores it.
 */
export function refuseUnsafeText(data: unknown): void {
  const issues = unsafeTextIssues(data);
  if (issues.length) throw new InvalidInputError('request.invalid', {}, issues);
}
