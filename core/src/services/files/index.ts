export * from './limits.ts';
export * from './signature.ts';
export * from './files.ts';
export * from './assign.ts';
export * from './templates.ts';
export * from './access.ts';
