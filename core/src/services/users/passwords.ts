import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { passwordHistory, user } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { InvalidInputError, NotAllowedError } from '../../errors.ts';
import { checkPassword, DEFAULT_PASSWORD_POLICY, shouldLock, validatePolicy, type PasswordPolicy } from '../../domain/password/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { hashPassword, verifyPassword } from '../shared/password-hash.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';
import { findUserRow } from './users.ts';
import { lockedError, lockedNowError } from '../auth/login.ts';
import { administratorOf, managedUser } from '../admin-access/administrator.ts';
import { assertUserAction } from '../../domain/permissions/index.ts';

const POLICY_KEY = 'passwordPolicy';

export function getPasswordPolicy(db: DbOrTx): Promise<PasswordPolicy> {
  return readSetting(db, POLICY_KEY, DEFAULT_PASSWORD_POLICY);
}

export async function setPasswordPolicy(ctx: ServiceContext, changes: Partial<PasswordPolicy>): Promise<PasswordPolicy> {
  return writeAndLog(ctx, async (tx) => {
    const before = await getPasswordPolicy(tx);
    const after = { ...before, ...changes };
    const issues = validatePolicy(after);
    if (issues.length) throw new InvalidInputError('security.policy_invalid', {}, issues);
    await writeSetting(tx, POLICY_KEY, after);
    return { result: after, log: { action: 'security.policy', entity: 'setting', entityId: POLICY_KEY, before, after } };
  });
}

const CLASSES = ['abcdefghjkmnpqrstuvwxyz', 'ABCDEFGHJKMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@^_~'];

/** A random password that satisfies the policy (no look-alike characters). */
export function generatePassword(policy: PasswordPolicy): string {
  const length = Math.max(policy.minLength, Math.min(14, policy.maxLength));
  for (;;) {
    const chars = CLASSES.map((set) => set[randomInt(set.length)]!);
    const all = CLASSES.join('');
    while (chars.length < length) chars.push(all[randomInt(all.length)]!);
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const candidate = chars.join('');
    if (checkPassword(candidate, policy, {}).length === 0) return candidate;
  }
}

function assertPolicy(password: string, policy: PasswordPolicy, context: { oldPassword?: string; userName?: string }) {
  const issues = checkPassword(password, policy, context);
  if (issues.length) throw new InvalidInputError('user.password_invalid', {}, issues);
}

/**
 * Handles of transactions that only check rows and are always rolled back
 * (an import's dry run): argon2 there would hold the database's writer
 * ~20 ms per row for a hash that is thrown away.
 */
const checkOnly = new WeakSet<object>();

/** Marks a transaction handle as check-only (see `checkOnly`); returns it. */
export function checkOnlyTransaction<T extends object>(tx: T): T {
  checkOnly.add(tx);
  return tx;
}

/** Checks or generates a password and hashes it (not in a check-only transaction, where nothing is kept). */
export async function preparePassword(db: DbOrTx, password: string | undefined, context: { userName?: string }) {
  const policy = await getPasswordPolicy(db);
  const plain = password ?? generatePassword(policy);
  if (password !== undefined) assertPolicy(password, policy, context);
  const hash = checkOnly.has(db) ? 'check-only: never stored' : await hashPassword(plain);
  return { hash, generated: password === undefined ? plain : undefined };
}

/** Refuses a password equal to the current one or one of the last `historyCount`. */
async function assertNotReused(db: DbOrTx, userId: string, currentHash: string, password: string, policy: PasswordPolicy) {
  const earlier = policy.historyCount
    ? await db
        .select({ hash: passwordHistory.passwordHash })
        .from(passwordHistory)
        .where(eq(passwordHistory.userId, userId))
        .orderBy(desc(passwordHistory.createdAt))
        .limit(policy.historyCount)
    : [];
  for (const hash of [currentHash, ...earlier.map((e) => e.hash)]) {
    if (await verifyPassword(hash, password)) {
      throw new InvalidInputError('user.password_reused', { count: Math.max(1, policy.historyCount) });
    }
  }
}

async function storePassword(db: DbOrTx, userId: string, oldHash: string, newHash: string, now: Date, mustChange: boolean) {
  await db.insert(passwordHistory).values({ userId, passwordHash: oldHash, createdAt: now });
  await db
    .update(user)
    .set({ passwordHash: newHash, passwordChangedAt: now, mustChangePassword: mustChange, failedLogins: 0 })
    .where(eq(user.id, userId));
}

/**
 * Admin reset: sets the given password (or generates one, returned once) and
 * forces a change at next sign-in. Unlocks the account too.
 */
export async function resetPassword(ctx: ServiceContext, idOrName: string, password?: string) {
  const target = await findUserRow(ctx.db, idOrName);
  assertUserAction(await administratorOf(ctx), await managedUser(ctx.db, target), 'resetPassword');
  const { hash, generated } = await preparePassword(ctx.db, password, { userName: target.userName });
  return writeAndLog(ctx, async (tx) => {
    await storePassword(tx, target.id, target.passwordHash, hash, ctx.now(), true);
    await tx.update(user).set({ locked: false, lockedAt: null, lockReason: null }).where(eq(user.id, target.id));
    return {
      result: { userName: target.userName, generatedPassword: generated },
      log: { action: 'user.reset_password', entity: 'user', entityId: target.id },
    };
  });
}

/**
 * Self-service change: old password must match; policy and history apply.
 * `countFailures` (the not-yet-signed-in path after an expired password)
 * makes wrong old passwords count towards the lockout like sign-in does.
 */
export async function changeOwnPassword(
  ctx: ServiceContext,
  userId: string,
  oldPassword: string,
  newPassword: string,
  options: { countFailures?: boolean } = {},
) {
  const target = await findUserRow(ctx.db, userId);
  const policy = await getPasswordPolicy(ctx.db);
  if (options.countFailures && target.locked) throw lockedError(target, policy, ctx.now());
  if (!(await verifyPassword(target.passwordHash, oldPassword))) {
    if (options.countFailures) {
      const failures = target.failedLogins + 1;
      const locked = shouldLock(failures, policy);
      await ctx.db
        .update(user)
        .set({ failedLogins: failures, locked, ...(locked ? { lockedAt: ctx.now(), lockReason: 'failures' as const } : {}) })
        .where(eq(user.id, target.id));
      if (locked) throw lockedNowError(policy);
    }
    throw new InvalidInputError('user.old_password_wrong');
  }
  assertPolicy(newPassword, policy, { oldPassword, userName: target.userName });
  await assertNotReused(ctx.db, target.id, target.passwordHash, newPassword, policy);
  const hash = await hashPassword(newPassword);
  await writeAndLog(ctx, async (tx) => {
    await storePassword(tx, target.id, target.passwordHash, hash, ctx.now(), false);
    return { result: undefined, log: { action: 'user.change_password', entity: 'user', entityId: target.id } };
  });
}
