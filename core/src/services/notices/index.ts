export * from './notices.ts';
