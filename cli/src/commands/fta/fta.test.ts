import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

const ARALIA = new URL('../../../../../shared/reference/fta-aralia/', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'fmea-fta-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const expected = JSON.parse(readFileSync(new URL('expected.json', ARALIA), 'utf8')) as { trees: { tree: string; topProbability: number }[] };
const published = (name: string) => expected.trees.find((t) => t.tree === name)!.topProbability;

describe('fmea fta analyze', () => {
  it('answers a model’s exact probability, its cut-set count and its smallest cut sets as JSON', async () => {
    const result = await runFmea(['--json', 'fta', 'analyze', new URL('chinese.xml', ARALIA).pathname, '--limit', '5']);
    expect(result.code, result.stderr).toBe(0);
    const { data } = JSON.parse(result.stdout) as { data: { top: string; probability: { exact: number; rareEvent: number; mcub: number | null }; cutSetCount: number; minimalCutSets: string[][]; importance: { event: string; birnbaum: number }[] } };
    expect(data.top).toBe('r1');
    expect(Number(data.probability.exact.toPrecision(6))).toBe(0.00117058);
    expect(data.probability.rareEvent).toBeGreaterThan(data.probability.exact);
    expect(data.probability.mcub).toBeNull();
    expect(data.cutSetCount).toBe(392);
    expect(data.minimalCutSets).toHaveLength(5);
    // the smallest first: none of the 392 is smaller than the first listed
    expect(Math.min(...data.minimalCutSets.map((s) => s.length))).toBe(data.minimalCutSets[0]!.length);
    expect(data.importance.map((i) => i.event)).toContain('e1');
  });

  it('lists every cut set of a moderate tree by default with --json, and with them the min-cut upper bound', async () => {
    const result = await runFmea(['--json', 'fta', 'analyze', new URL('chinese.xml', ARALIA).pathname]);
    expect(result.code, result.stderr).toBe(0);
    const { data } = JSON.parse(result.stdout) as { data: { probability: { exact: number; rareEvent: number; mcub: number | null }; cutSetCount: number; minimalCutSets: string[][] } };
    expect(data.minimalCutSets).toHaveLength(392);
    // exact ≤ min-cut upper bound ≤ rare-event sum (a coherent tree)
    expect(data.probability.mcub).toBeGreaterThanOrEqual(data.probability.exact);
    expect(data.probability.mcub).toBeLessThanOrEqual(data.probability.rareEvent);
  });

  it('says in the user’s language what is wrong with a model, and changes nothing', async () => {
    const model = join(dir, 'loop.xml');
    writeFileSync(
      model,
      '<opsa-mef><define-fault-tree name="loop"><define-gate name="top"><and><gate name="g"/><basic-event name="a"/></and></define-gate><define-gate name="g"><or><gate name="h"/><basic-event name="a"/></or></define-gate><define-gate name="h"><or><gate name="g"/></or></define-gate></define-fault-tree><model-data><define-basic-event name="a"><float value="0.1"/></define-basic-event></model-data></opsa-mef>',
    );
    const en = await runFmea(['--lang', 'en-US', 'fta', 'analyze', model]);
    expect(en).toMatchObject({ code: 2, stdout: '' });
    expect(en.stderr).toMatch(/^In loop\.xml, the gates refer to each other in a circle \(at gate [gh]\)\n$/);
    const zh = await runFmea(['fta', 'analyze', model]);
    expect(zh.stderr).toMatch(/^loop\.xml 中的门相互循环引用（在门 [gh] 处）\n$/);

    const undefinedEvent = join(dir, 'missing.xml');
    writeFileSync(undefinedEvent, '<opsa-mef><define-fault-tree name="m"><define-gate name="top"><or><basic-event name="a"/><basic-event name="b"/></or></define-gate></define-fault-tree><model-data><define-basic-event name="a"><float value="0.1"/></define-basic-event></model-data></opsa-mef>');
    expect((await runFmea(['--lang', 'en-US', 'fta', 'analyze', undefinedEvent])).stderr).toBe('In missing.xml, top uses b, which is defined nowhere in the model\n');

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a model');
    expect((await runFmea(['--lang', 'en-US', 'fta', 'analyze', text])).code).toBe(2);
    expect((await runFmea(['--lang', 'en-US', 'fta', 'analyze', model, '--mission-time', 'soon'])).stderr).toBe('--mission-time must be a number of hours above 0; “soon” is not\n');
  });
});

describe('fmea fta import, list, export and analyze <ftaNum>', { timeout: 120_000 }, () => {
  let temp: TempDb;
  let env: Record<string, string>;
  const fmea = (args: string[]) => runFmea(args, { env });
  beforeAll(async () => {
    temp = await tempDbUrl();
    env = dbEnv(temp);
  }, 60_000);
  afterAll(() => temp.cleanup());

  // a handful here; `npm run bench:fta` (and docs/domain/fta.md) cover all 42 published trees
  it.each(['chinese', 'isp9605', 'das9601', 'edf9201'])('%s: imports, prints its number, and analyses by number to the published probability', async (name) => {
    const imported = await fmea(['--json', 'fta', 'import', new URL(`${name}.xml`, ARALIA).pathname]);
    expect(imported.code, imported.stderr).toBe(0);
    const { trees } = (JSON.parse(imported.stdout) as { data: { trees: { ftaNum: string; name: string }[] } }).data;
    expect(trees).toEqual([{ id: expect.any(String), ftaNum: expect.stringMatching(/^FT\d{10}$/), name }]);
    const analysed = await fmea(['--json', 'fta', 'analyze', trees[0]!.ftaNum, '--limit', '3']);
    expect(analysed.code, analysed.stderr).toBe(0);
    const { data } = JSON.parse(analysed.stdout) as { data: { probability: { exact: number }; minimalCutSets: string[][]; cutSetCount: number | null; importance: unknown[] } };
    expect(Number(data.probability.exact.toPrecision(6))).toBe(Number(published(name).toPrecision(6)));
    expect(data.minimalCutSets.length).toBeLessThanOrEqual(3);
    expect(data.importance.length).toBeGreaterThan(0);
  });

  it('prints the new number in words, lists the trees, and exports what imports back the same', async () => {
    const en = await fmea(['--lang', 'en-US', 'fta', 'import', new URL('chinese.xml', ARALIA).pathname]);
    expect(en.stdout).toMatch(/^Imported fault tree FT\d{10}: chinese\n$/);
    const ftaNum = en.stdout.match(/FT\d{10}/)![0];
    const list = await fmea(['--json', 'fta', 'list', '--search', ftaNum]);
    expect((JSON.parse(list.stdout) as { data: { items: { ftaNum: string }[] } }).data.items.map((i) => i.ftaNum)).toEqual([ftaNum]);

    const out = join(dir, 'exported.xml');
    const exported = await fmea(['--lang', 'en-US', 'fta', 'export', ftaNum, '-o', out]);
    expect(exported.stdout).toBe(`Fault tree ${ftaNum} written to ${out}\n`);
    const stdout = await fmea(['fta', 'export', ftaNum]);
    expect(stdout.stdout).toBe(readFileSync(out, 'utf8'));
    const again = await fmea(['--json', 'fta', 'import', out]);
    const second = (JSON.parse(again.stdout) as { data: { trees: { ftaNum: string }[] } }).data.trees[0]!.ftaNum;
    const [a, b] = await Promise.all([ftaNum, second].map(async (n) => (JSON.parse((await fmea(['--json', 'fta', 'analyze', n, '--limit', '0'])).stdout) as { data: { probability: unknown; cutSetCount: number } }).data));
    expect(b!.probability).toEqual(a!.probability);
    expect(b!.cutSetCount).toBe(392);
  });

  it('says what is wrong in the user’s language and stores nothing', async () => {
    const missing = await fmea(['--lang', 'en-US', 'fta', 'analyze', 'FT0000000000']);
    expect(missing).toMatchObject({ code: expect.any(Number), stdout: '' });
    expect(missing.stderr).toBe('Fault tree FT0000000000 does not exist or was deleted\n');
    const bad = join(dir, 'bad.xml');
    writeFileSync(bad, '<opsa-mef><define-fault-tree name="b"><define-gate name="g"><or><basic-event name="x"/></or></define-gate></define-fault-tree></opsa-mef>');
    const refused = await fmea(['fta', 'import', bad]);
    expect([refused.code, refused.stderr]).toEqual([2, 'bad.xml 中 g 引用了 x，但它没有定义（或所转移的故障树已不存在）\n']);
    expect((await fmea(['--lang', 'en-US', 'fta', 'analyze', 'FT1', '--cutoff', '2'])).stderr).toBe('--cutoff must be a probability from 0 to 1; “2” is not\n');
  });
});

describe('fmea fta releases <ftaNum>', { timeout: 120_000 }, () => {
  it('lists a tree’s releases with the analysis each froze, newest first, revoked ones marked', async () => {
    const temp = await tempDbUrl();
    try {
      const db = await openTempDb(temp);
      const { createFtaTree, submitFtaTree, decideFtaTree, revokeFtaTree, saveFtaTree, createContext } = await import('@fmea/core/services');
      const { schema } = await import('@fmea/core');
      const { eq } = await import('drizzle-orm');
      const admin = (await db.db.select().from(schema.user).where(eq(schema.user.userName, 'admin')).get())!;
      const asAdmin = createContext(db.db, { userId: admin.id, userName: 'admin' });
      const doc = { name: 'Pump', missionTime: 100, top: 'TOP', gates: [{ name: 'TOP', operator: 'or' as const, inputs: ['A', 'B'] }], basicEvents: [{ name: 'A', model: { kind: 'probability' as const, probability: 0.1 } }, { name: 'B', model: { kind: 'probability' as const, probability: 0.2 } }], houseEvents: [], transfers: [] };
      // the system operator (the CLI) submits, the administrator approves
      const tree = await createFtaTree(db.ctx, { name: 'Pump', document: doc });
      await submitFtaTree(db.ctx, tree.id, { version: 1, approverId: admin.id });
      await decideFtaTree(asAdmin, tree.id, 'approve', { version: 2 });
      await revokeFtaTree(asAdmin, tree.id, { version: 3 });
      await saveFtaTree(db.ctx, tree.id, { version: 4, document: { ...doc, missionTime: 50 } });
      await submitFtaTree(db.ctx, tree.id, { version: 5, approverId: admin.id });
      await decideFtaTree(asAdmin, tree.id, 'approve', { version: 6 });
      db.close?.();

      const env = dbEnv(temp);
      const json = await runFmea(['--json', 'fta', 'releases', tree.ftaNum], { env });
      expect(json.code, json.stderr).toBe(0);
      const { data } = JSON.parse(json.stdout) as { data: { releaseNum: number; revokedAt: string | null; result: { missionTime: number; cutSetCount: number; probability: { exact: number } } }[] };
      expect(data.map((r) => [r.releaseNum, r.result.missionTime, r.result.cutSetCount, r.revokedAt === null])).toEqual([[2, 50, 2, true], [1, 100, 2, false]]);
      expect(data[0]!.result.probability.exact).toBeCloseTo(0.28, 12);
      const en = await runFmea(['--lang', 'en-US', 'fta', 'releases', tree.ftaNum], { env });
      expect(en.stdout.split('\n')[0]).toBe('Release\tReleased at\tReleased by\tExact probability\tCut sets\tMission time (h)\tRevoked at');
      expect(en.stdout.split('\n')[1]).toMatch(/^2\t\S+\tadmin\t0\.280000\t2\t50\t$/);
      const missing = await runFmea(['--lang', 'en-US', 'fta', 'releases', 'FT0000000000'], { env });
      expect(missing.stderr).toBe('Fault tree FT0000000000 does not exist or was deleted\n');
    } finally {
      await temp.cleanup();
    }
  });
});
