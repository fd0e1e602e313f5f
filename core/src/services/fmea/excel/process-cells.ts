import type { RiskGridRow } from '../../../domain/fmea/index.ts';
import type { CharacteristicCell } from './cells.ts';
import type { FormKey } from './columns.ts';

/** What the PFMEA form's cells need of the structure beyond the grid row: step numbers, 4M types, function scopes, characteristics. */
export interface ProcessFacts {
  nodes: Map<string, { parentId: string | null; name: string; processNo: string | null; workElementType: string | null }>;
  functions: Map<string, { nodeId: string; description: string; requirement: string | null; functionScope: string | null }>;
  /** Each function's characteristics in their order (with the PFMEA's kind and customer class). */
  characteristicItems: Map<string, (CharacteristicCell & { id: string })[]>;
  /** Failure id → its function's id (the grid names the effect's and cause's function by text only). */
  failureFunctions: Map<string, string>;
}

/**
 * The mark of a characteristic on the form: the customer's own class when it
 * has one (◆, CC, KPC…), else CC for a critical or SC for a significant
 * special characteristic, S for a safety one (the marks the legacy import
 * reads back); none for a general or non-special one.
 */
export function characteristicMark(c: Pick<CharacteristicCell, 'characteristicClass' | 'special' | 'customerClass'>): string {
  if (c.customerClass) return c.customerClass;
  if (!c.special) return '';
  return c.characteristicClass === 'critical' ? 'CC' : c.characteristicClass === 'significant' ? 'SC' : c.characteristicClass === 'safety' ? 'S' : '';
}

type ProcessFormKey = 'focusElement' | 'lowerElement' | 'higherFunction' | 'focusFunction' | 'lowerFunction' | 'special';

/**
 * The cells where the PFMEA form says more than the DFMEA's (handbook 2019
 * PFMEA form, steps 2, 3 and 5): the process step as "number name", the work
 * element as "4M: name", the process item's function after whose it is
 * ("Your plant: …"), the step's function with its product characteristics
 * and the work element's with its process characteristics (one per line,
 * "name [mark]"), and the special-characteristics column as the marks of the
 * chain's special characteristics. `t` translates in the export's language.
 */
export function processCells(r: RiskGridRow, facts: ProcessFacts, t: (key: string) => string): Pick<Record<FormKey, string>, ProcessFormKey> {
  const fnOf = (failureId: string | undefined) => (failureId ? facts.functions.get(facts.failureFunctions.get(failureId) ?? '') : undefined);
  const effectFn = fnOf(r.effect?.id);
  const causeFnId = r.cause ? facts.failureFunctions.get(r.cause.id) : undefined;
  const causeFn = causeFnId ? facts.functions.get(causeFnId) : undefined;
  const step = facts.nodes.get(r.elementId);
  const element = causeFn ? facts.nodes.get(causeFn.nodeId) : undefined;
  const withTraits = (description: string, requirement: string | null, functionId: string | undefined) => {
    const traits = (functionId ? (facts.characteristicItems.get(functionId) ?? []) : []).map((c) => {
      const mark = characteristicMark(c);
      return mark ? `${c.name} [${mark}]` : c.name;
    });
    return [requirement ? `${description} (${requirement})` : description, ...traits].filter(Boolean).join('\n');
  };
  const marks = new Set<string>();
  for (const c of r.specialCharacteristics) {
    const own = [...(facts.characteristicItems.get(r.functionId) ?? []), ...(causeFnId ? (facts.characteristicItems.get(causeFnId) ?? []) : [])].find((x) => x.id === c.id);
    const mark = characteristicMark({ ...c, customerClass: own?.customerClass ?? null });
    if (mark) marks.add(mark);
  }
  return {
    focusElement: step?.processNo ? `${step.processNo} ${r.elementName}` : r.elementName,
    lowerElement: r.cause ? (element?.workElementType ? `${t(`pfmea.work_element_type.${element.workElementType}`)}: ${r.cause.elementName}` : r.cause.elementName) : '',
    higherFunction: r.effect ? (effectFn?.functionScope ? `${t(`pfmea.function_scope.${effectFn.functionScope}`)}: ${r.effect.functionDescription}` : r.effect.functionDescription) : '',
    focusFunction: withTraits(r.functionDescription, r.requirement, r.functionId),
    lowerFunction: r.cause ? withTraits(r.cause.functionDescription, causeFn?.requirement ?? null, causeFnId) : '',
    special: [...marks].join('\n'),
  };
}
