import { withGoodRowsHint } from './good-rows.ts';

/**
 * Runs an import; core's refusal of a file with parts no field takes
 * ("confirm to leave them out") becomes the same refusal with the CLI's way
 * to confirm, --accept-unmapped, and the list of parts.
 */
export const withUnmappedHint = <T>(run: () => Promise<T>): Promise<T> => withGoodRowsHint({ 'import.columns_unmapped': 'cli.import.columns_unmapped' }, run);
