import { WORK_ELEMENT_TYPES, type AnalysisImport, type CharacteristicClass, type WorkElementType } from '@fmea/core';

/**
 * A synthetic PFMEA of any size for `npm run bench:pfmea`, in the shape of a
 * real one (fixtures/src/demo-pfmea at scale): the process item with a
 * function for each scope (your plant, ship-to plant, end user; 5 effects
 * each) → `steps` numbered process steps (10, 20 …), one function each with
 * 2 product characteristics and 2 modes → 5 work elements per step (man,
 * machine, material, environment and a second machine), one function each
 * with a process characteristic and its share of the step's causes (with a
 * prevention and a detection control). Every mode links 2 effects and all
 * causes of its step, so a step holds 4 × causes chains; the causes per step
 * are chosen to reach `chains`. Every 10th step's first product
 * characteristic is CC, every other step's SC; every 5th process
 * characteristic SC; every 5th cause has an action.
 */

/** The 4M of a step's work elements: every type once, the machine twice (the station and its tool). */
const ELEMENT_TYPES: readonly WorkElementType[] = [...WORK_ELEMENT_TYPES, 'machine'];
const SCOPES = ['plant', 'shipTo', 'endUser'] as const;
const MODES_PER_STEP = 2;
const EFFECTS_PER_MODE = 2;

export function syntheticPfmea({ steps = 200, chains = 20_000 }: { steps?: number; chains?: number } = {}): { input: AnalysisImport; chains: number; causesPerStep: number } {
  const causesPerStep = Math.max(1, Math.ceil(chains / steps / (MODES_PER_STEP * EFFECTS_PER_MODE)));
  const out: Required<AnalysisImport> = { nodes: [], functions: [], characteristics: [], interfaces: [], failures: [], functionLinks: [], failureLinks: [], controls: [], actions: [] };
  const effects: string[] = [];
  SCOPES.forEach((functionScope, f) => {
    out.functions.push({ key: `if${f}`, nodeKey: '@root', description: `Process item function (${functionScope})`, functionScope });
    for (let e = 0; e < 5; e++) {
      const key = `fe${f}.${e}`;
      effects.push(key);
      out.failures.push({ key, functionKey: `if${f}`, kind: 'FE', description: `Effect ${f + 1}.${e + 1}`, severity: ((f * 5 + e) % 10) + 1 });
    }
  });
  let cause = 0;
  let processCharacteristic = 0;
  for (let s = 0; s < steps; s++) {
    const step = `st${s}`;
    const stepFn = `${step}.f`;
    out.nodes.push({ key: step, name: `Process step ${s + 1}`, processNo: String((s + 1) * 10) });
    out.functions.push({ key: stepFn, nodeKey: step, description: `Step function ${s + 1}` });
    for (const [i] of SCOPES.entries()) out.functionLinks.push({ higherKey: `if${i}`, lowerKey: stepFn });
    const first: CharacteristicClass = s % 10 === 0 ? 'critical' : 'significant';
    out.characteristics.push(
      { functionKey: stepFn, name: `Product characteristic ${s + 1}.1`, characteristicClass: first, special: true },
      { functionKey: stepFn, name: `Product characteristic ${s + 1}.2`, characteristicClass: 'general' },
    );
    const elementFns = ELEMENT_TYPES.map((workElementType, w) => {
      const element = `${step}.w${w}`;
      const fn = `${element}.f`;
      out.nodes.push({ key: element, parentKey: step, name: `Work element ${s + 1}.${w + 1}`, workElementType });
      out.functions.push({ key: fn, nodeKey: element, description: `Work element function ${s + 1}.${w + 1}` });
      out.functionLinks.push({ higherKey: stepFn, lowerKey: fn });
      const special = processCharacteristic++ % 5 === 0;
      out.characteristics.push({ functionKey: fn, name: `Process characteristic ${s + 1}.${w + 1}`, characteristicClass: special ? 'significant' : 'general', special });
      return fn;
    });
    const causes: string[] = [];
    for (let c = 0; c < causesPerStep; c++, cause++) {
      const key = `fc${cause}`;
      causes.push(key);
      out.failures.push({ key, functionKey: elementFns[c % elementFns.length]!, kind: 'FC', description: `Cause ${cause + 1}`, occurrence: ((cause * 7) % 10) + 1, detection: ((cause * 3) % 10) + 1 });
      out.controls.push({ causeKey: key, kind: 'prevention', description: `Prevention ${cause + 1}` }, { causeKey: key, kind: 'detection', description: `Detection ${cause + 1}` });
      if (cause % 5 === 0) out.actions.push({ causeKey: key, kind: 'prevention', description: `Action ${cause + 1}`, raOccurrence: 2 });
    }
    for (let m = 0; m < MODES_PER_STEP; m++) {
      const mode = `fm${s}.${m}`;
      out.failures.push({ key: mode, functionKey: stepFn, kind: 'FM', description: `Mode ${s + 1}.${m + 1}` });
      const pick = (s * MODES_PER_STEP + m) % effects.length;
      out.failureLinks.push({ higherKey: effects[pick]!, lowerKey: mode }, { higherKey: effects[(pick + 7) % effects.length]!, lowerKey: mode });
      for (const c of causes) out.failureLinks.push({ higherKey: mode, lowerKey: c });
    }
  }
  return { input: out, chains: steps * MODES_PER_STEP * EFFECTS_PER_MODE * causesPerStep, causesPerStep };
}
