export * from './notices.ts';
export * from './inbox.ts';
