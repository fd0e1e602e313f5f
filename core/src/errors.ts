/**
 * One error vocabulary for the whole product. Services and domain rules throw
 * these; the API maps `code` to an HTTP status and the envelope, the CLI maps it
 * to an exit code. `messageKey` is a catalog id translated by `core/src/i18n`.
 */
export type ErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'not_allowed'
  | 'not_found'
  | 'conflict'
  | 'invalid_transition';

export type MessageParams = Record<string, string | number>;

/** One problem with one field or one row, e.g. an import row or a password rule. */
export interface Issue {
  readonly messageKey: string;
  readonly params?: MessageParams;
  readonly field?: string;
  /** 1-based spreadsheet/input row, for imports. */
  readonly row?: number;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: string;
  readonly params: MessageParams;
  readonly issues: readonly Issue[];

  constructor(code: ErrorCode, messageKey: string, params: MessageParams = {}, issues: readonly Issue[] = []) {
    super(messageKey);
    this.name = new.target.name;
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
    this.issues = issues;
  }
}

export class InvalidInputError extends DomainError {
  constructor(messageKey: string, params?: MessageParams, issues?: readonly Issue[]) {
    super('invalid_input', messageKey, params, issues);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(messageKey = 'error.unauthenticated', params?: MessageParams) {
    super('unauthenticated', messageKey, params);
  }
}

export class NotAllowedError extends DomainError {
  constructor(messageKey = 'error.not_allowed', params?: MessageParams) {
    super('not_allowed', messageKey, params);
  }
}

export class NotFoundError extends DomainError {
  constructor(messageKey = 'error.not_found', params?: MessageParams) {
    super('not_found', messageKey, params);
  }
}

export class ConflictError extends DomainError {
  constructor(messageKey: string, params?: MessageParams) {
    super('conflict', messageKey, params);
  }
}

export class InvalidTransitionError extends DomainError {
  constructor(messageKey: string, params?: MessageParams) {
    super('invalid_transition', messageKey, params);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
