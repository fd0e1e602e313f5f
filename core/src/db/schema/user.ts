import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { delFlg, id, timestamp, timestamps } from './columns.ts';
import { department, site } from './org.ts';
import { role } from './role.ts';
import { LOCK_REASONS } from '../../domain/password/session.ts';
import { GENDERS } from '../../domain/users/rules.ts';


export const user = sqliteTable(
  'user',
  {
    id: id(),
    /** Case-sensitive (SQLite's default binary collation), trimmed on the way in. */
    userName: text('user_name').notNull(),
    realName: text('real_name').notNull().default(''),
    /** The name English readers see (the built-in administrator's "System administrator"); empty: the real name. */
    realNameEn: text('real_name_en').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at'),
    mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
    jobNumber: text('job_number').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    gender: text('gender', { enum: GENDERS }).notNull().default('0'),
    avatar: text('avatar'),
    signature: text('signature'),
    siteId: text('site_id').references(() => site.id, { onDelete: 'set null' }),
    departmentId: text('department_id').references(() => department.id, { onDelete: 'set null' }),
    superiorId: text('superior_id'),
    validityDate: timestamp('validity_date'),
    locked: integer('locked', { mode: 'boolean' }).notNull().default(false),
    /** When and why the account was locked: wrong passwords lift after the policy's minutes, an administrator's lock does not. */
    lockedAt: timestamp('locked_at'),
    lockReason: text('lock_reason', { enum: LOCK_REASONS }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lastLoginAt: timestamp('last_login_at'),
    loginCount: integer('login_count').notNull().default(0),
    contributionScore: integer('contribution_score').notNull().default(0),
    activityScore: integer('activity_score').notNull().default(0),
    /** The default user (admin) cannot be deleted. */
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    delFlg: delFlg(),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_name_unique').on(t.userName), index('user_site_idx').on(t.siteId)],
);

export const userRole = sqliteTable(
  'user_role',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_role_role_idx').on(t.roleId)],
);

/** Sites (groups) a user may sign in to; the user's own siteId is always one of them. */
export const userSite = sqliteTable(
  'user_site',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('user_site_site_idx').on(t.siteId)],
);

/** Earlier password hashes, for the "may not reuse the last N" policy. */
export const passwordHistory = sqliteTable(
  'password_history',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('password_history_user_idx').on(t.userId)],
);

/**
 * Database sessions as the Lucia guide teaches: the id is the SHA-256 of a
 * random token that only the client holds; expiry slides on use.
 */
export const session = sqliteTable(
  'session',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    siteId: text('site_id').references(() => site.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at').notNull(),
    lastSeenAt: timestamp('last_seen_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at').notNull(),
    /** A sign-in through OpenID Connect: the provider's session id (`sid`) and subject, for its back-channel logout. */
    ssoSid: text('sso_sid'),
    ssoSub: text('sso_sub'),
    /** The ID token, sent back as `id_token_hint` when the user signs out here (RP-initiated logout). */
    ssoIdToken: text('sso_id_token'),
  },
  (t) => [index('session_user_idx').on(t.userId), index('session_site_idx').on(t.siteId), index('session_sso_sid_idx').on(t.ssoSid)],
);

/**
 * The one-use ticket of a sign-in that must change its password first (login
 * flag 4): only the SHA-256 of the token is stored, like a session's. The
 * change itself needs the ticket, so nobody who merely knows a user id (or
 * chose the user's reset password for them) can finish it without signing in.
 */
export const passwordChangeTicket = sqliteTable(
  'password_change_ticket',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('password_change_ticket_user_idx').on(t.userId)],
);

/** Failed sign-ins per network address in the current window (the per-address throttle). */
export const signInThrottle = sqliteTable('sign_in_throttle', {
  address: text('address').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start').notNull(),
});
