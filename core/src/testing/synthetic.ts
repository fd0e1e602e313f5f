import type { AnalysisImport } from '../services/fmea/import-plan.ts';

/**
 * A synthetic DFMEA of any size for tests and benchmarks, in the shape of a
 * real one: product (4 functions, 5 effects each) → elements (2 functions,
 * 2 modes each) → components (2 functions, 5 causes each, with a prevention
 * and a detection control). Every mode links 2 effects and the 50 causes of
 * its element's components: 400 chains per element. Ratings cycle through
 * 1..10; every 5th cause has an action, every 10th component function a
 * special characteristic.
 */
export function syntheticAnalysis({ chains = 20_000 }: { chains?: number } = {}): AnalysisImport {
  const elements = Math.max(1, Math.ceil(chains / 400));
  const out: Required<AnalysisImport> = { nodes: [], functions: [], characteristics: [], interfaces: [], failures: [], functionLinks: [], failureLinks: [], controls: [], actions: [] };
  const effects: string[] = [];
  for (let f = 0; f < 4; f++) {
    out.functions.push({ key: `pf${f}`, nodeKey: '@root', description: `Product function ${f + 1}` });
    for (let e = 0; e < 5; e++) {
      const key = `fe${f}.${e}`;
      effects.push(key);
      out.failures.push({ key, functionKey: `pf${f}`, kind: 'FE', description: `Effect ${f + 1}.${e + 1}`, severity: ((f * 5 + e) % 10) + 1 });
    }
  }
  let cause = 0;
  for (let el = 0; el < elements; el++) {
    out.nodes.push({ key: `el${el}`, name: `Element ${el + 1}` });
    const causes: string[] = [];
    for (let c = 0; c < 5; c++) {
      const comp = `el${el}.c${c}`;
      out.nodes.push({ key: comp, parentKey: `el${el}`, name: `Component ${el + 1}.${c + 1}` });
      for (let f = 0; f < 2; f++) {
        const fn = `${comp}.f${f}`;
        out.functions.push({ key: fn, nodeKey: comp, description: `Component function ${el + 1}.${c + 1}.${f + 1}` });
        out.characteristics.push({ functionKey: fn, name: `Characteristic ${fn}`, characteristicClass: cause % 100 === 0 ? 'critical' : 'general', special: cause % 100 === 0 });
        for (let k = 0; k < 5; k++, cause++) {
          const key = `fc${cause}`;
          causes.push(key);
          out.failures.push({ key, functionKey: fn, kind: 'FC', description: `Cause ${cause + 1}`, occurrence: ((cause * 7) % 10) + 1, detection: ((cause * 3) % 10) + 1 });
          out.controls.push({ causeKey: key, kind: 'prevention', description: `Prevention ${cause + 1}` }, { causeKey: key, kind: 'detection', description: `Detection ${cause + 1}` });
          if (cause % 5 === 0) out.actions.push({ causeKey: key, kind: 'prevention', description: `Action ${cause + 1}`, raOccurrence: 2 });
        }
      }
    }
    for (let f = 0; f < 2; f++) {
      const fn = `el${el}.f${f}`;
      out.functions.push({ key: fn, nodeKey: `el${el}`, description: `Element function ${el + 1}.${f + 1}` });
      for (let m = 0; m < 2; m++) {
        const mode = `fm${el}.${f}.${m}`;
        out.failures.push({ key: mode, functionKey: fn, kind: 'FM', description: `Mode ${el + 1}.${f + 1}.${m + 1}` });
        const pick = (el * 4 + f * 2 + m) % effects.length;
        out.failureLinks.push({ higherKey: effects[pick]!, lowerKey: mode }, { higherKey: effects[(pick + 7) % effects.length]!, lowerKey: mode });
        for (const c of causes) out.failureLinks.push({ higherKey: mode, lowerKey: c });
      }
    }
  }
  return out;
}
