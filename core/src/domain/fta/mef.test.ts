import { describe, expect, it } from 'vitest';
import { analyzeTree } from './analyze.ts';
import { readMef } from './mef.ts';
import { FaultTreeError } from './model.ts';

const model = (body: string, data = '') => `<?xml version="1.0"?>\n<!-- a pump train -->\n<opsa-mef><define-fault-tree name="pumps">${body}</define-fault-tree><model-data>${data}</model-data></opsa-mef>`;

describe('reading Open-PSA MEF fault trees', () => {
  it('reads gates with nested formulas, k-of-n, house events, parameters and exponential rates', () => {
    const tree = readMef(
      model(
        `<define-gate name="top"><or><gate name="trains"/><and><basic-event name="power"/><house-event name="maintenance"/></and></or></define-gate>
         <define-gate name="trains"><atleast min="2"><basic-event name="p1"/><basic-event name="p2"/><basic-event name="p3"/></atleast></define-gate>`,
        `<define-basic-event name="p1"><float value="0.1"/></define-basic-event>
         <define-basic-event name="p2"><parameter name="pump"/></define-basic-event>
         <define-basic-event name="p3"><exponential><float value="1e-4"/><system-mission-time/></exponential></define-basic-event>
         <define-basic-event name="power"><float value="1e-3"/></define-basic-event>
         <define-parameter name="pump"><float value="0.1"/></define-parameter>
         <define-house-event name="maintenance"><constant value="true"/></define-house-event>`,
      ),
      { missionTime: 1000 },
    );
    expect(tree.top).toBe('top');
    expect(tree.gates.get('trains')).toEqual({ operator: 'atleast', min: 2, inputs: ['p1', 'p2', 'p3'] });
    expect(tree.gates.get('top~1')).toEqual({ operator: 'and', inputs: ['power', 'maintenance'] });
    const p3 = 1 - Math.exp(-0.1);
    expect(tree.basicEvents.get('p3')).toBeCloseTo(p3, 15);
    // 2 of 3 pumps, or power (maintenance is on)
    const pumps = 0.1 * 0.1 + 2 * 0.1 * p3 - 2 * 0.1 * 0.1 * p3;
    expect(analyzeTree(tree).probability.exact).toBeCloseTo(1 - (1 - pumps) * (1 - 1e-3), 15);
  });

  it('refuses what it cannot read, naming it', () => {
    const refusal = (text: string) => {
      try {
        readMef(text);
        return undefined;
      } catch (error) {
        return error instanceof FaultTreeError ? `${error.reason}: ${error.detail}` : String(error);
      }
    };
    expect(refusal(model('<define-gate name="top"><or><basic-event name="a"/><basic-event name="b"/></or></define-gate>', '<define-basic-event name="a"><float value="0.1"/></define-basic-event>'))).toBe('undefined: top → b');
    expect(refusal(model('<define-gate name="top"><and><gate name="g"/><basic-event name="a"/></and></define-gate><define-gate name="g"><or><gate name="top"/></or></define-gate>', '<define-basic-event name="a"><float value="0.1"/></define-basic-event>'))).toBe('top: every gate is an input of another');
    expect(refusal(model('<define-gate name="top"><atleast min="3"><basic-event name="a"/><basic-event name="b"/></atleast></define-gate>'))).toBe('gate: top: atleast min="3"');
    expect(refusal(model('<define-gate name="top"><or><basic-event name="a"/></or></define-gate>', '<define-basic-event name="a"><float value="1.5"/></define-basic-event>'))).toBe('probability: a: 1.5 is not a probability');
    // no document types: no entity expansion, no external files
    expect(refusal('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><opsa-mef/>')).toMatch(/^format: a document type/);
    expect(refusal('<opsa-mef><define-fault-tree name="t">')).toMatch(/^format: unclosed/);
    expect(refusal('<model/>')).toBe('format: <model> is not an Open-PSA model');
  });

  it('finds a cycle among gates', () => {
    const tree = readMef(model('<define-gate name="top"><and><gate name="g"/><basic-event name="a"/></and></define-gate><define-gate name="g"><or><gate name="h"/><basic-event name="a"/></or></define-gate><define-gate name="h"><or><gate name="g"/></or></define-gate>', '<define-basic-event name="a"><float value="0.1"/></define-basic-event>'));
    expect(() => analyzeTree(tree)).toThrow(FaultTreeError);
  });
});
