/**
 * How the CLI reports failures: every error becomes one `CliFailure`
 * (code, translated message, translated issues, exit code), which the output
 * layer prints as text, an Ink error box or the JSON envelope.
 */
import { CommanderError } from 'commander';
import { isDomainError, type ErrorCode, type MessageParams } from '@fmea/core/errors';
import { translateCommanderError } from './i18n/commander.ts';
import { translate, translateIssueLine, type Locale } from './i18n/index.ts';

/** Exit codes by DomainError code; usage errors exit 2 too, anything else 1. */
export const EXIT_CODES: Readonly<Record<ErrorCode, number>> = {
  invalid_input: 2,
  not_found: 3,
  not_allowed: 4,
  conflict: 5,
  invalid_transition: 6,
  unauthenticated: 7,
};
export const EXIT_USAGE = 2;
export const EXIT_SYSTEM = 1;

/**
 * A wrong combination of flags or arguments that commander cannot check by
 * itself. Prints like commander's own usage errors (exit 2) but translated.
 */
export class UsageError extends Error {
  readonly messageKey: string;
  readonly params: MessageParams;
  constructor(messageKey: string, params: MessageParams = {}) {
    super(messageKey);
    this.name = 'UsageError';
    this.messageKey = messageKey;
    this.params = params;
  }
}

export interface CliIssue {
  readonly message: string;
  readonly messageKey?: string;
  readonly field?: string;
  readonly row?: number;
}

export interface CliFailure {
  /** A DomainError code, `usage`, or `system`. */
  readonly code: ErrorCode | 'usage' | 'system';
  readonly message: string;
  readonly issues: readonly CliIssue[];
  readonly exitCode: number;
  /** Set only for system errors when FMEA_DEBUG=1. */
  readonly stack?: string;
}

export function isCliFailure(value: unknown): value is CliFailure {
  return (
    typeof value === 'object' && value !== null && !(value instanceof Error) &&
    typeof (value as CliFailure).exitCode === 'number' && typeof (value as CliFailure).message === 'string'
  );
}

/** A failure as printed: described already, or described now. */
export function toFailure(error: unknown, locale: Locale, env: NodeJS.ProcessEnv): CliFailure {
  return isCliFailure(error) ? error : describeError(error, locale, env);
}

export function describeError(error: unknown, locale: Locale, env: NodeJS.ProcessEnv): CliFailure {
  if (isDomainError(error)) {
    return {
      code: error.code,
      message: translate(locale, error.messageKey, error.params),
      issues: error.issues.map((issue) => ({
        message: translateIssueLine(locale, issue),
        messageKey: issue.messageKey,
        ...(issue.field !== undefined && { field: issue.field }),
        ...(issue.row !== undefined && { row: issue.row }),
      })),
      exitCode: EXIT_CODES[error.code] ?? EXIT_SYSTEM,
    };
  }
  if (error instanceof UsageError) {
    return { code: 'usage', message: translate(locale, error.messageKey, error.params), issues: [], exitCode: EXIT_USAGE };
  }
  if (error instanceof CommanderError) {
    // commander's message said in the run's language
    return { code: 'usage', message: translateCommanderError(error, locale), issues: [], exitCode: EXIT_USAGE };
  }
  const debug = env.FMEA_DEBUG === '1';
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return {
    code: 'system',
    message: translate(locale, 'cli.error.system'),
    issues: [],
    exitCode: EXIT_SYSTEM,
    ...(debug && { stack }),
  };
}
