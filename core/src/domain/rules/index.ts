export * from './rule-flags.ts';
export * from './knowledge-push.ts';
export * from './read.ts';
export * from './kcds.ts';
