export * from './users.ts';
export * from './passwords.ts';
export * from './user-xlsx.ts';
export * from './user-options.ts';
