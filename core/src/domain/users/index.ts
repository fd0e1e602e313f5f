export { GENDERS, normalizeUserName, profileIssues, REAL_NAME_MAX, type Gender, type ProfileFields } from './rules.ts';
export { USER_MESSAGE_KEYS, type UserMessageKey } from './messages.ts';
