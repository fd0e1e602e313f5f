export * from './rule-flags.ts';
export * from './ap-rules.ts';
export * from './ap-rules-file.ts';
export * from './rule-groups.ts';
export * from './ap-rules-upload.ts';
