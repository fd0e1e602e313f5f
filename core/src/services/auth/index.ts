export * from './session.ts';
export * from './login.ts';
export * from './throttle.ts';
export * from './password-ticket.ts';
