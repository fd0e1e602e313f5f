export * from './org.ts';
export * from './user.ts';
export * from './role.ts';
export * from './dictionary.ts';
export * from './rules.ts';
export * from './notice.ts';
export * from './log.ts';
export * from './setting.ts';
