/**
 * Special characteristics of a report (issue 25; docs/domain/reports.md): the DFMEA lists them; the PFMEA
 * report also says whether each is controlled by a control-plan line with a control method and a reaction
 * plan (what the linter's "CC/SC without control-plan line" asks, here as a list a manager reads).
 */
export interface SpecialCharacteristicInput {
  readonly id: string;
  readonly name: string;
  readonly characteristicClass: string;
  readonly customerClass: string | null;
  readonly functionDescription: string;
  readonly elementName: string;
}

/** A control-plan line pointing at a characteristic. */
export interface ControlPlanLineInput {
  readonly characteristicId: string;
  readonly controlMethod: string | null;
  readonly reactionPlan: string | null;
}

/** complete: a line with both a control method and a reaction plan; incomplete: lines, none with both; missing: no line. */
export type ControlPlanState = 'complete' | 'incomplete' | 'missing';
export const CONTROL_PLAN_STATES = ['complete', 'incomplete', 'missing'] as const satisfies readonly ControlPlanState[];

export interface ControlledCharacteristic extends SpecialCharacteristicInput {
  readonly controlPlan: ControlPlanState;
  readonly lines: number;
}

const filled = (text: string | null) => text !== null && text.trim() !== '';

const byPlace = (a: SpecialCharacteristicInput, b: SpecialCharacteristicInput) =>
  a.elementName.localeCompare(b.elementName) || a.functionDescription.localeCompare(b.functionDescription) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export function specialCharacteristicsSection(items: readonly SpecialCharacteristicInput[]): SpecialCharacteristicInput[] {
  return [...items].sort(byPlace);
}

export function controlledCharacteristics(
  items: readonly SpecialCharacteristicInput[],
  lines: readonly ControlPlanLineInput[],
): { items: ControlledCharacteristic[]; counts: Record<ControlPlanState, number> } {
  const byChar = new Map<string, ControlPlanLineInput[]>();
  for (const l of lines) {
    const list = byChar.get(l.characteristicId);
    if (list) list.push(l);
    else byChar.set(l.characteristicId, [l]);
  }
  const counts: Record<ControlPlanState, number> = { complete: 0, incomplete: 0, missing: 0 };
  const out = specialCharacteristicsSection(items).map((c): ControlledCharacteristic => {
    const own = byChar.get(c.id) ?? [];
    const controlPlan: ControlPlanState = own.length === 0 ? 'missing' : own.some((l) => filled(l.controlMethod) && filled(l.reactionPlan)) ? 'complete' : 'incomplete';
    counts[controlPlan]++;
    return { ...c, controlPlan, lines: own.length };
  });
  return { items: out, counts };
}

/** Test coverage of a DFMEA's detection controls by the DVP&R (issue 25: `dvpCoverage`, docs/domain/dvp.md). */
export interface TestCoverageInput {
  readonly controls: number;
  readonly tested: number;
  readonly qualified: number;
  readonly unqualified: number;
  readonly open: number;
}

export interface TestCoverageSection extends TestCoverageInput {
  /** Whether the DVP&R gave figures; false: the report says "no DVP&R" rather than 0 %. */
  readonly available: boolean;
  /** tested / controls in whole percent; null without controls. */
  readonly percent: number | null;
}

export function testCoverageSection(input: TestCoverageInput | null): TestCoverageSection {
  const base = input ?? { controls: 0, tested: 0, qualified: 0, unqualified: 0, open: 0 };
  return { ...base, available: input !== null, percent: base.controls > 0 ? Math.round((base.tested / base.controls) * 100) : null };
}
