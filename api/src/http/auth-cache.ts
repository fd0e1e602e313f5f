import { forgetCompiledApRules, type PasswordPolicy } from '@fmea/core';
import type { AuthInfo } from './env.ts';

/**
 * Keeps resolved sessions and the serialised user-info answer in memory for a
 * short time: `/api/user/info` and permission checks are the hottest paths.
 * A write that can change access, by anyone (this server, another one on the
 * same database, the CLI), moves the database's auth stamp (core
 * auth-stamp.ts); `follow` is told the stamp on every authenticated request
 * and forgets everything when it moved. Sign-out, forced sign-in and kick-out
 * drop their sessions at once. Anything else shows after at most `ttlMs`.
 */
export class AuthCache {
  private readonly sessions = new Map<string, { info: AuthInfo; at: number }>();
  private readonly userInfo = new Map<string, { json: string; at: number }>();
  private policy: { value: PasswordPolicy; at: number } | undefined;
  private stamp: string | undefined;
  private reading: Promise<string> | undefined;

  constructor(private readonly ttlMs = 30_000) {}

  /** The database's auth stamp as just read: a new one means access may have changed, so nothing cached holds. */
  follow(stamp: string): void {
    if (stamp === this.stamp) return;
    this.clear();
    // the stamp also moves on rule changes: the compiled AP tables go with everything else
    forgetCompiledApRules();
    this.stamp = stamp;
  }

  /**
   * Reads the stamp (`read`) and follows it. Requests arriving while a read is under way share it rather
   * than queue one each (a libSQL server answers over the network: under load one read serves many
   * requests); none sees a stamp older than a read already under way when it arrived.
   */
  async sync(read: () => Promise<string>): Promise<void> {
    this.reading ??= read().finally(() => (this.reading = undefined));
    this.follow(await this.reading);
  }

  getSession(sessionId: string, now: number): AuthInfo | undefined {
    const hit = this.sessions.get(sessionId);
    if (!hit) return undefined;
    if (now - hit.at >= this.ttlMs || hit.info.session.expiresAt.getTime() <= now) {
      this.sessions.delete(sessionId);
      return undefined;
    }
    return hit.info;
  }

  setSession(sessionId: string, info: AuthInfo, now: number): void {
    this.sessions.set(sessionId, { info, at: now });
  }

  getPolicy(now: number): PasswordPolicy | undefined {
    return this.policy && now - this.policy.at < this.ttlMs ? this.policy.value : undefined;
  }

  setPolicy(value: PasswordPolicy, now: number): void {
    this.policy = { value, at: now };
  }

  /** The JSON text of a user's info answer, per session and language; expires like sessions. */
  getUserInfo(key: string, now: number): string | undefined {
    const hit = this.userInfo.get(key);
    if (!hit || now - hit.at >= this.ttlMs) return undefined;
    return hit.json;
  }

  setUserInfo(key: string, json: string, now: number): void {
    this.userInfo.set(key, { json, at: now });
  }

  dropSession(sessionId: string): void {
    this.sessions.delete(sessionId);
    for (const key of this.userInfo.keys()) if (key.startsWith(`${sessionId}:`)) this.userInfo.delete(key);
  }

  clear(): void {
    this.sessions.clear();
    this.userInfo.clear();
    this.policy = undefined;
  }
}
