export * from './matches.ts';
export * from './proposals.ts';
export * from './tasks.ts';
export { LOOP_SOURCES, findSource, type LoopSourceReader, type LoopSourceRecord } from './sources.ts';
export { LOOP_SERVICE_MESSAGE_KEYS, type LoopServiceMessageKey } from './messages.ts';
export type { CauseFunctionChoice } from './cause-functions.ts';
