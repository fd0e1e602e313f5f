/**
 * Bridge to core's AP domain module until `@fmea/core/domain`
 * (core/src/domain/index.ts) exists. Imported lazily by `ap eval` only.
 *
 * TODO(lead): once core/src/domain/index.ts re-exports ./ap, replace with
 * `export * from '@fmea/core/domain';` (or a `./domain/ap` subpath export).
 */
export * from '../../../core/src/domain/ap/index.ts';
