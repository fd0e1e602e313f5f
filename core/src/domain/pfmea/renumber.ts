import { PROCESS_NO_STEP } from './structure.ts';

/**
 * Renumbering a PFMEA's process steps after they were reordered (the flow
 * chart offers it, the user confirms): every step gets the next multiple of
 * 10 in flow order. Numbers stay unique by construction (one per position),
 * which is the unique-process-number rule's only demand.
 */

/** A process number as prefix and digits: "30" → ('', 30), "OP30" → ('OP', 30); anything else (10.1, A) does not parse. */
const PARTS = /^(\D*?)(\d{1,15})$/;

function parse(processNo: string | null): { prefix: string; value: number } | null {
  const match = processNo ? PARTS.exec(processNo.trim()) : null;
  return match ? { prefix: match[1]!, value: Number(match[2]) } : null;
}

/** Whether the numbers no longer rise along the flow (a moved step): steps without a number, or with one that is no number, are passed over. */
export function processNosOutOfOrder(steps: readonly { readonly processNo: string | null }[]): boolean {
  const values = steps.flatMap((s) => parse(s.processNo) ?? []).map((p) => p.value);
  return values.some((value, i) => i > 0 && value <= values[i - 1]!);
}

/**
 * The numbers in steps of 10 along the flow, keeping the prefix every
 * numbered step shares ("OP10", "OP20" …); only the steps whose number
 * changes are answered.
 */
export function renumberedProcessNos<S extends { readonly id: string; readonly processNo: string | null }>(steps: readonly S[]): { id: string; processNo: string }[] {
  const prefixes = new Set(steps.filter((s) => s.processNo?.trim()).map((s) => parse(s.processNo)?.prefix ?? null));
  const prefix = prefixes.size === 1 ? ([...prefixes][0] ?? '') : '';
  return steps
    .map((s, i) => ({ id: s.id, before: s.processNo, processNo: `${prefix}${(i + 1) * PROCESS_NO_STEP}` }))
    .filter((s) => s.before !== s.processNo)
    .map(({ id, processNo }) => ({ id, processNo }));
}
