/** Every message key the user rules can emit (the catalog test reads this list). */
export const USER_MESSAGE_KEYS = ['user.name_invalid', 'user.email_invalid', 'user.gender_invalid'] as const;
export type UserMessageKey = (typeof USER_MESSAGE_KEYS)[number];
