import { InvalidInputError, isDomainError } from '@fmea/core/errors';

/** Core's refusals of a file, by message key → the CLI's message key for the same refusal that names the option to get past it (--good-rows-only, --accept-unmapped). */
export type GoodRowsHints = Readonly<Record<string, string>>;

/**
 * Runs an import; core's refusal of a file (bad rows, unmapped columns:
 * nothing written) becomes the same refusal, with its params and issues,
 * worded with the CLI's way past it. Any other error passes through.
 */
export async function withGoodRowsHint<T>(hints: GoodRowsHints, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // own keys only: a message key is never read off the object's prototype
    if (isDomainError(error) && Object.hasOwn(hints, error.messageKey)) throw new InvalidInputError(hints[error.messageKey]!, error.params, error.issues);
    throw error;
  }
}
