export * from './rules.ts';
export { SCORE_MESSAGE_KEYS, type ScoreMessageKey } from './messages.ts';
export * from './scoring-rules.ts';
