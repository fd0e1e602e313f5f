export * from './vocabulary.ts';
export * from './days.ts';
export * from './schedule.ts';
export * from './baseline.ts';
export * from './tasks.ts';
export * from './messages.ts';
