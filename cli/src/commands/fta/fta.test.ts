import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFmea } from '../../test-utils.ts';

const ARALIA = new URL('../../../../../shared/reference/fta-aralia/', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'fmea-fta-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
