import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea score', { timeout: 90_000 }, () => {
  it('ranks users by total, names grades in the CLI’s language, and recompute sets drifted totals back to the ledger', async () => {
    const db = await openTempDb(temp);
    const { recordScore, createUser } = await import('@fmea/core/services');
    const { schema } = await import('@fmea/core');
    const ann = (await createUser(db.ctx, { userName: 'ann', realName: '安', realNameEn: 'Ann', password: 'Kx7#pQ2!mZ9$wR' })).user;
    for (let i = 0; i < 10; i++) await recordScore(db.db, { userId: ann.id, reason: 'taskCompleted', sourceKind: 'task', sourceId: `PR-${i}`, at: new Date('2026-04-01T00:00:00Z') });
    await db.db.update(schema.user).set({ activityScore: 30 }).where(eq(schema.user.id, ann.id));
    await db.close();

    const zh = (await fmea(['score', 'ranking', '--limit', '1'])).stdout.trimEnd().split('\n');
    expect(zh).toEqual(['名次\t用户名\t姓名\t部门\t贡献分\t活跃分\t总分\t等级', '1\tann\t安\t\t100\t30\t130\t绿带']);
    const en = (await fmea(['--lang', 'en-US', 'score', 'ranking', '--limit', '1'])).stdout.split('\n')[1];
    expect(en).toBe('1\tann\tAnn\t\t100\t30\t130\tGreen belt');

    const recomputed = await fmea(['--lang', 'en-US', 'score', 'recompute']);
    expect(recomputed.stdout).toBe('User scores recomputed: totals corrected for 1 user(s)\n');
    const json = JSON.parse((await fmea(['--json', 'score', 'ranking', '--from', '2026-05-01'])).stdout).data;
    expect(json.items.find((r: { userName: string }) => r.userName === 'ann')).toMatchObject({ contributionScore: 0, activityScore: 0, grade: 'elementary' });
    // --to counts its day whole
    const april = JSON.parse((await fmea(['--json', 'score', 'ranking', '--from', '2026-03-31', '--to', '2026-04-01'])).stdout).data;
    expect(april.items.find((r: { userName: string }) => r.userName === 'ann')).toMatchObject({ contributionScore: 100 });
    const all = JSON.parse((await fmea(['--json', 'score', 'ranking'])).stdout).data;
    expect(all.items[0]).toMatchObject({ userName: 'ann', contributionScore: 100, activityScore: 0, grade: 'elementary' });
  });

  it('refuses a date it cannot read, exit 2', async () => {
    const bad = await fmea(['--lang', 'en-US', 'score', 'ranking', '--from', 'soon']);
    expect(bad).toMatchObject({ code: 2, stdout: '', stderr: '--from is not a valid date (got soon)\nRun with --help for usage.\n' });
  });

  it('shows and changes the QFD and part-risk scoring rules, refusing a wrong table whole (exit 2)', async () => {
    const shown = (await fmea(['--lang', 'en-US', 'score', 'scoring'])).stdout.split('\n');
    expect(shown).toContain('qfd.strongScore\t9\tQFD: score of a strong relationship');
    const changed = await fmea(['--json', 'score', 'scoring', '--set', 'qfd.strongScore=12', '--set', 'partRisk.lowFrom=16']);
    expect(JSON.parse(changed.stdout).data).toContainEqual(expect.objectContaining({ key: 'partRisk.lowFrom', value: 16 }));
    const refused = await fmea(['--lang', 'en-US', 'score', 'scoring', '--set', 'qfd.weakScore=12']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('QFD: score of a medium relationship must be higher than 12');
    expect((await fmea(['score', 'scoring'])).stdout).toContain('qfd.weakScore\t1\tQFD：弱关系分值');
  });
});
