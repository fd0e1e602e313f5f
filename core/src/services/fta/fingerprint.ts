import type { FtaDocument } from '../../domain/fta/index.ts';

/**
 * What a link remembers of each side, to tell a change later (docs/domain/fta.md, "Links and review"):
 * the FMEA item's kind, description and ratings; the tree event's operator, inputs, model and label.
 * Plain JSON text: compared, never parsed.
 */
export interface FailureSnapshot {
  kind: string;
  description: string;
  severity: number | null;
  occurrence: number | null;
  detection: number | null;
}

export const failureFingerprint = (f: FailureSnapshot) => JSON.stringify([f.kind, f.description, f.severity, f.occurrence, f.detection]);

/** The event as the document holds it; null when the document no longer has it. */
export function eventFingerprint(doc: FtaDocument, name: string): string | null {
  const gate = doc.gates.find((g) => g.name === name);
  if (gate) return JSON.stringify(['gate', gate.operator, gate.min ?? null, gate.inputs, gate.label ?? null]);
  const event = doc.basicEvents.find((e) => e.name === name);
  if (event) return JSON.stringify(['basic', event.model, event.label ?? null]);
  const house = doc.houseEvents.find((h) => h.name === name);
  if (house) return JSON.stringify(['house', house.state, house.label ?? null]);
  const transfer = doc.transfers.find((t) => t.name === name);
  if (transfer) return JSON.stringify(['transfer', transfer.tree, transfer.label ?? null]);
  return null;
}
