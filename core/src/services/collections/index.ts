export * from './collections.ts';
export * from './messages.ts';
