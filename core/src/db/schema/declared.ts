/** Every table as declared (sqlite-core): the one declaration. Import tables from ./index.ts, which answers the dialect of the process. */
export * from './org.ts';
export * from './user.ts';
export * from './role.ts';
export * from './dictionary.ts';
export * from './rules.ts';
export * from './notice.ts';
export * from './log.ts';
export * from './setting.ts';
export * from './file.ts';
export * from './fmea.ts';
export * from './catalog.ts';
export * from './bom.ts';
export * from './pfmea.ts';
export * from './message.ts';
export * from './fta.ts';
export * from './fmeda.ts';
export * from './score.ts';
