export * from './session.ts';
export * from './login.ts';
export * from './throttle.ts';
export * from './password-ticket.ts';
export * from './sso-settings.ts';
export * from './sso.ts';
export * from './licences.ts';
export * from './trial.ts';
