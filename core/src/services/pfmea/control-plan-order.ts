import { indexControlPlanModel, processNoKey, type ControlPlanModel } from '../../domain/pfmea/index.ts';

/**
 * Where generated lines go among a plan's lines: each after the last line of
 * its step or of an earlier step, so the plan stays in process order. A
 * line's step is its linked step, else the step its process number names,
 * else the step of the line above it. Answers every line id in the new order.
 */
export function placeNewLines(
  existing: readonly { readonly id: string; readonly stepNodeId: string | null; readonly processNo: string | null }[],
  fresh: readonly { readonly id: string; readonly stepNodeId: string | null }[],
  model: ControlPlanModel,
): string[] {
  const index = indexControlPlanModel(model);
  const byNumber = new Map(model.steps.filter((s) => s.processNo !== null).map((s) => [processNoKey(s.processNo!), index.stepOrder.get(s.id)!]));
  let last = -1;
  const orders = existing.map((line) => {
    const known = (line.stepNodeId === null ? undefined : index.stepOrder.get(line.stepNodeId)) ?? (line.processNo === null ? undefined : byNumber.get(processNoKey(line.processNo)));
    if (known !== undefined) last = known;
    return last;
  });
  const out: string[] = [];
  let i = 0;
  for (const line of fresh) {
    const order = (line.stepNodeId === null ? undefined : index.stepOrder.get(line.stepNodeId)) ?? Number.MAX_SAFE_INTEGER;
    while (i < existing.length && orders[i]! <= order) out.push(existing[i++]!.id);
    out.push(line.id);
  }
  while (i < existing.length) out.push(existing[i++]!.id);
  return out;
}
