/**
 * The installation's trial licence (docs/domain/licences.md): one `setting`
 * row holding the start, the limit in days and the run code. Admins set and
 * clear it (API, CLI); every sign-in checks it first and moves the run code on.
 */
import { advanceRunCode, judgeTrial, TRIAL_MAX_DAYS, type Trial, type TrialVerdict } from '../../domain/licence/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { NotAllowedError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { actorOf } from '../shared/actor.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';

export const TRIAL_SETTING_KEY = 'trial';

interface StoredTrial {
  startedAt: string | null;
  days: number;
  runCode: string | null;
}
const OFF: StoredTrial = { startedAt: null, days: 0, runCode: null };

/** What the login page, `GET /getLicenseInfo`, admins and `fmea licence show` see. */
export interface TrialView {
  startedAt: string;
  days: number;
  endsAt: string;
  daysLeft: number;
  state: Exclude<TrialVerdict['state'], 'none'>;
}

export async function getTrial(db: DbOrTx): Promise<Trial | null> {
  const stored = await readSetting(db, TRIAL_SETTING_KEY, OFF);
  if (!stored.startedAt || !stored.runCode || !(stored.days > 0)) return null;
  return { startedAt: new Date(stored.startedAt), days: stored.days, runCode: new Date(stored.runCode) };
}

export function viewTrial(trial: Trial | null, now: Date): TrialView | null {
  const verdict = judgeTrial(trial, now);
  if (!trial || verdict.state === 'none') return null;
  return { startedAt: trial.startedAt.toISOString(), days: trial.days, endsAt: verdict.endsAt.toISOString(), daysLeft: verdict.daysLeft, state: verdict.state };
}

export async function trialInfo(db: DbOrTx, now: Date): Promise<TrialView | null> {
  return viewTrial(await getTrial(db), now);
}

const store = (trial: Trial | null): StoredTrial =>
  trial ? { startedAt: trial.startedAt.toISOString(), days: trial.days, runCode: trial.runCode.toISOString() } : OFF;

/**
 * Starts a trial of `days` days now (the run code set to now too, which is
 * also how an administrator clears a refusal after fixing the clock), or
 * ends the trial (`days: null`). Administrators only.
 */
export async function setTrial(ctx: ServiceContext, input: { days: number | null }): Promise<TrialView | null> {
  if (!(await actorOf(ctx.db, ctx.actor)).isAdmin) throw new NotAllowedError();
  const { days } = input;
  if (days !== null) {
    const valid = Number.isInteger(days) && days >= 1 && days <= TRIAL_MAX_DAYS;
    assertNoIssues(valid ? [] : [{ messageKey: 'licence.trial_days_invalid', field: 'trialDays', params: { field: 'trialDays', max: TRIAL_MAX_DAYS, value: String(days) } }]);
  }
  return writeAndLog(ctx, async (tx) => {
    const now = ctx.now();
    const before = await getTrial(tx);
    const next = days === null ? null : { startedAt: now, days, runCode: now };
    await writeSetting(tx, TRIAL_SETTING_KEY, store(next));
    return {
      result: viewTrial(next, now),
      log: { action: 'settings.trial', entity: 'setting', entityId: TRIAL_SETTING_KEY, before: store(before), after: store(next) },
    };
  });
}

/**
 * The sign-in's first check (before any account is looked at, so it tells
 * nothing about names or passwords): refused when the trial has expired or
 * the clock is behind the run code; otherwise the run code moves to now.
 */
export async function checkTrialAtSignIn(db: DbOrTx, now: Date): Promise<void> {
  const trial = await getTrial(db);
  const verdict = judgeTrial(trial, now);
  if (!trial || verdict.state === 'none') return;
  if (verdict.state === 'illegalTime') throw new NotAllowedError('auth.illegal_time');
  if (verdict.state === 'expired') throw new NotAllowedError('auth.trial_expired');
  const runCode = advanceRunCode(trial.runCode, now);
  if (runCode !== trial.runCode) await writeSetting(db, TRIAL_SETTING_KEY, store({ ...trial, runCode }));
}
