import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTree } from './analyze.ts';
import { toFaultTree, type FtaDocument } from './document.ts';
import { readMef } from './mef.ts';
import { readMefDocument, readMefDocuments } from './mef-document.ts';
import { writeMef } from './mef-write.ts';
import { validateFtaDocument } from './validate.ts';
import { occurrenceProbability } from './occurrence.ts';

const REFERENCE = new URL('../../../../../shared/reference/fta-aralia/', import.meta.url);
const ARALIA = readdirSync(REFERENCE).filter((f) => f.endsWith('.xml')).sort();

const MODEL = `<?xml version="1.0"?>
<opsa-mef>
  <define-fault-tree name="pump">
    <define-gate name="top">
      <label>Pump fails &amp; &lt;no&gt; flow</label>
      <or>
        <gate name="both"/>
        <and><basic-event name="motor"/><house-event name="maint"/></and>
        <atleast min="2"><basic-event name="a"/><basic-event name="b"/><basic-event name="c"/></atleast>
      </or>
    </define-gate>
    <define-gate name="both"><and><basic-event name="a"/><not><basic-event name="b"/></not></and></define-gate>
    <define-basic-event name="motor"><label>Motor burns</label><exponential><parameter name="lambda"/><system-mission-time/></exponential></define-basic-event>
    <define-parameter name="lambda"><float value="2e-5"/></define-parameter>
  </define-fault-tree>
  <model-data>
    <define-basic-event name="a"><float value="0.1"/></define-basic-event>
    <define-basic-event name="b"><parameter name="pb"/></define-basic-event>
    <define-basic-event name="c"><float value="0.3"/></define-basic-event>
    <define-parameter name="pb"><float value="0.2"/></define-parameter>
    <define-house-event name="maint"><constant value="true"/></define-house-event>
  </model-data>
</opsa-mef>`;

describe('MEF documents', () => {
  it('keep labels, rates over the mission time, evaluated parameters, house events and nested formulas as gates', () => {
    const doc = readMefDocument(MODEL, { missionTime: 1000 });
    expect(doc).toMatchObject({ name: 'pump', missionTime: 1000, top: 'top', transfers: [] });
    expect(doc.gates.map((g) => g.name)).toEqual(['top', 'top~1', 'top~2', 'both', 'both~1']);
    expect(doc.gates[0]).toEqual({ name: 'top', label: 'Pump fails & <no> flow', operator: 'or', inputs: ['both', 'top~1', 'top~2'] });
    expect(doc.gates[2]).toEqual({ name: 'top~2', operator: 'atleast', min: 2, inputs: ['a', 'b', 'c'] });
    expect(doc.basicEvents).toEqual([
      { name: 'motor', label: 'Motor burns', model: { kind: 'exponential', rate: 2e-5 } },
      { name: 'a', model: { kind: 'probability', probability: 0.1 } },
      { name: 'b', model: { kind: 'probability', probability: 0.2 } },
      { name: 'c', model: { kind: 'probability', probability: 0.3 } },
    ]);
    expect(doc.houseEvents).toEqual([{ name: 'maint', state: true }]);
    expect(validateFtaDocument(doc)).toEqual([]);
    // the engine's reader gives the same probability
    expect(analyzeTree(toFaultTree(doc)).probability.exact).toBeCloseTo(analyzeTree(readMef(MODEL, { missionTime: 1000 })).probability.exact, 14);
  });

  it('write what reads back to the same document, the mission time included, names and labels escaped', () => {
    const doc = readMefDocument(MODEL, { missionTime: 1000 });
    const xml = writeMef(doc);
    expect(xml).toContain('<label>Pump fails &amp; &lt;no&gt; flow</label>');
    expect(xml).toContain('<exponential>\n        <float value="0.00002"/>\n        <system-mission-time/>');
    expect(readMefDocument(xml)).toEqual(doc);
    const odd: FtaDocument = { ...doc, name: 'a "quoted" <tree>', gates: doc.gates.map((g) => (g.name === 'top' ? { ...g, label: `it's <b>` } : g)) };
    expect(readMefDocument(writeMef(odd))).toEqual(odd);
  });

  it('read a constant exponential time as the mission time when every event agrees, and store another time as its probability', () => {
    const model = (t1: number, t2: number) =>
      `<opsa-mef><define-fault-tree name="t"><define-gate name="g"><or><basic-event name="x"/><basic-event name="y"/></or></define-gate>` +
      `<define-basic-event name="x"><exponential><float value="0.001"/><float value="${t1}"/></exponential></define-basic-event>` +
      `<define-basic-event name="y"><exponential><float value="0.002"/><float value="${t2}"/></exponential></define-basic-event></define-fault-tree></opsa-mef>`;
    const same = readMefDocument(model(50, 50));
    expect(same.missionTime).toBe(50);
    expect(same.basicEvents.map((e) => e.model.kind)).toEqual(['exponential', 'exponential']);
    const mixed = readMefDocument(model(50, 100));
    expect(mixed.missionTime).toBe(8760);
    expect(mixed.basicEvents[1]!.model).toEqual({ kind: 'probability', probability: 1 - Math.exp(-0.2) });
  });

  it('read each tree of a model: a gate that is another tree’s top is a transfer, and the pair writes and reads back', () => {
    const model =
      '<opsa-mef><define-fault-tree name="system"><define-gate name="top"><and><gate name="sub"/><basic-event name="a"/></and></define-gate>' +
      '<define-gate name="sub"><gate name="valve"/></define-gate></define-fault-tree>' +
      '<define-fault-tree name="valves"><define-gate name="valve"><or><basic-event name="b"/><basic-event name="a"/></or></define-gate></define-fault-tree>' +
      '<model-data><define-basic-event name="a"><float value="0.5"/></define-basic-event><define-basic-event name="b"><float value="0.25"/></define-basic-event></model-data></opsa-mef>';
    const [system, valves] = readMefDocuments(model);
    expect(system!.transfers).toEqual([{ name: 'sub', tree: 'valves' }]);
    expect(system!.basicEvents.map((e) => e.name)).toEqual(['a']);
    expect(valves).toMatchObject({ name: 'valves', top: 'valve', transfers: [] });
    const resolve = (tree: string) => (tree === 'valves' ? valves : undefined);
    // a and (b or a) = a
    expect(analyzeTree(toFaultTree(system!, { resolve })).probability.exact).toBeCloseTo(0.5, 14);
    const again = readMefDocuments(writeMef(system!, { resolve }));
    expect(again).toEqual([system, valves]);
    expect(() => writeMef(system!)).toThrow(/undefined/);
  });

  it('refuse what is not a fault tree, naming the problem', () => {
    expect(() => readMefDocument('<opsa-mef/>')).toThrow(/format/);
    expect(() => readMefDocument('<opsa-mef><define-fault-tree name="empty"/></opsa-mef>')).toThrow(/format: empty: a fault tree without gates/);
    expect(() => readMefDocument('<opsa-mef><define-fault-tree name="x"><define-gate name="g"><or><basic-event name="z"/></or></define-gate></define-fault-tree></opsa-mef>')).toThrow(/undefined/);
    expect(() => readMefDocument('<opsa-mef><define-fault-tree name="x"><define-gate name="g"><or><basic-event name="z"/></or></define-gate></define-fault-tree><model-data><define-basic-event name="z"><float value="2"/></define-basic-event></model-data></opsa-mef>')).toThrow(/probability/);
    expect(() => readMefDocument('<opsa-mef><define-fault-tree name="x"><define-gate name="g"><or><basic-event name="z"/></or></define-gate><define-gate name="g"><or><basic-event name="z"/></or></define-gate></define-fault-tree></opsa-mef>')).toThrow(/twice/);
  });

  it('read every Aralia tree, write it and read it back to the same document', () => {
    expect(ARALIA).toHaveLength(43);
    for (const file of ARALIA) {
      const doc = readMefDocument(readFileSync(new URL(file, REFERENCE), 'utf8'));
      expect(validateFtaDocument(doc), file).toEqual([]);
      expect(readMefDocument(writeMef(doc)), file).toEqual(doc);
    }
  });

  it.each(['chinese', 'isp9605', 'das9601'])('%s: the written file gives the published probability', (name) => {
    const text = readFileSync(new URL(`${name}.xml`, REFERENCE), 'utf8');
    const before = analyzeTree(readMef(text), { listLimit: 0 });
    const after = analyzeTree(toFaultTree(readMefDocument(writeMef(readMefDocument(text)))), { listLimit: 0 });
    expect(after.probability.exact).toBe(before.probability.exact);
    expect(after.cutSetCount).toBe(before.cutSetCount);
  });
});

describe('validateFtaDocument', () => {
  const base: FtaDocument = {
    name: 't',
    missionTime: 10,
    top: 'top',
    gates: [{ name: 'top', operator: 'or', inputs: ['a', 'g'] }, { name: 'g', operator: 'and', inputs: ['a', 'b'] }],
    basicEvents: [{ name: 'a', model: { kind: 'probability', probability: 0.1 } }, { name: 'b', model: { kind: 'exponential', rate: 1e-3 } }],
    houseEvents: [],
    transfers: [],
  };
  const codes = (doc: FtaDocument) => validateFtaDocument(doc).map((i) => `${i.code}:${i.name}${i.input ? `→${i.input}` : ''}`);

  it('finds nothing in a sound tree, and each problem by its code and the gate or event at fault', () => {
    expect(codes(base)).toEqual([]);
    expect(codes({ ...base, basicEvents: [...base.basicEvents, { name: 'g', model: { kind: 'probability', probability: 0 } }] })).toEqual(['duplicateName:g']);
    expect(codes({ ...base, gates: [{ name: 'top', operator: 'or', inputs: ['a', 'zz'] }, base.gates[1]!] })).toEqual(['undefinedInput:top→zz']);
    expect(codes({ ...base, gates: [base.gates[0]!, { name: 'g', operator: 'and', inputs: ['a', 'top'] }] })).toEqual(['cycle:top']);
    expect(codes({ ...base, gates: [base.gates[0]!, { name: 'g', operator: 'atleast', min: 3, inputs: ['a', 'b'] }] })).toEqual(['atleastMin:g']);
    expect(codes({ ...base, gates: [base.gates[0]!, { name: 'g', operator: 'not', inputs: ['a', 'b'] }] })).toEqual(['notInputs:g']);
    expect(codes({ ...base, basicEvents: [{ name: 'a', model: { kind: 'probability', probability: 1.5 } }, base.basicEvents[1]!] })).toEqual(['probabilityRange:a']);
    expect(codes({ ...base, basicEvents: [base.basicEvents[0]!, { name: 'b', model: { kind: 'exponential', rate: -1 } }] })).toEqual(['negativeRate:b']);
    expect(codes({ ...base, top: 'a' })).toEqual(['topNotGate:a']);
    expect(codes({ ...base, gates: [base.gates[0]!, { name: 'g', operator: 'and', inputs: [] }], basicEvents: [base.basicEvents[0]!] })).toEqual(['gateNoInputs:g']);
    expect(codes({ ...base, missionTime: 0 })).toEqual(['missionTime:']);
    expect(codes({ ...base, gates: [{ ...base.gates[0]!, label: 'x'.repeat(201) }, base.gates[1]!] })).toEqual(['labelTooLong:top']);
  });
});

describe('occurrenceProbability', () => {
  it('maps AIAG-VDA occurrence 1–10 to a probability that rises with the rating, and an unrated cause to O 10’s', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(occurrenceProbability);
    expect(values.every((v, i) => i === 0 || v > values[i - 1]!)).toBe(true);
    expect(occurrenceProbability(10)).toBe(0.1);
    expect(occurrenceProbability(5)).toBe(0.0005);
    expect(occurrenceProbability(null)).toBe(0.1);
  });
});
