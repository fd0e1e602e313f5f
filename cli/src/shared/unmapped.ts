import { InvalidInputError, isDomainError } from '@fmea/core/errors';

/**
 * Runs an import; core's refusal of a file with parts no field takes
 * ("confirm to leave them out") becomes the same refusal with the CLI's way
 * to confirm, --accept-unmapped, and the list of parts.
 */
export async function withUnmappedHint<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error) && error.messageKey === 'import.columns_unmapped') throw new InvalidInputError('cli.import.columns_unmapped', error.params, error.issues);
    throw error;
  }
}
