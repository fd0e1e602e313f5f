export * from './session.ts';
export * from './login.ts';
