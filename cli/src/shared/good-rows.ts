import { InvalidInputError, isDomainError } from '@fmea/core/errors';

/** Core's refusals of bad rows, by message key → the CLI's message key for the same refusal that names --good-rows-only. */
export type GoodRowsHints = Readonly<Record<string, string>>;

/**
 * Runs an import; core's refusal of a file with bad rows (nothing written)
 * becomes the same refusal, with its params and row issues, worded with the
 * CLI's way to import the others. Any other error passes through.
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
