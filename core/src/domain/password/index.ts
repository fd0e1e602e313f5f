export { PASSWORD_MESSAGE_KEYS, type PasswordMessageKey } from './messages.ts';
export {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_MAX_LENGTH_LIMIT,
  requiredClassCount,
  validatePolicy,
  type PasswordPolicy,
} from './policy.ts';
export { checkPassword, checkReuse, findSequence, reuseWindow, type PasswordCheckContext } from './check.ts';
export {
  addressDelayMs,
  failuresInWindow,
  growingDelayMs,
  isIdleExpired,
  isLockExpired,
  LOCK_REASONS,
  pairDelayMs,
  passwordState,
  recordAddressFailure,
  SIGN_IN_DELAY_CAP_MS,
  shouldLock,
  type AddressFailures,
  type LockedAccount,
  type LockReason,
  type PasswordAccount,
  type PasswordState,
  type PasswordStateKind,
} from './session.ts';
