/** The pure domain rules: plain data in, data or DomainError out. Browser-safe. */
export * from './ap/index.ts';
export * from './numbering/index.ts';
export * from './validation/index.ts';
export * from './password/index.ts';
export * from './permissions/index.ts';
export * from './status/index.ts';
export * from './rules/index.ts';
export * from './areas/index.ts';
export * from './fmea/index.ts';
export * from './dictionaries/index.ts';
export * from './oplog/index.ts';
export * from './users/index.ts';
export * from './collections/index.ts';
export * from './catalog/index.ts';
export * from './bom/index.ts';
export * from './pfmea/index.ts';
export * from './messages/index.ts';
