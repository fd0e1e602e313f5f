/**
 * How the chain sheet writes a list into one cell: one item per line, an
 * empty line for an empty field. The import compares such a cell with the
 * analysis sheets' items as text (never splitting it back), so a line lost
 * at either end of a cell cannot move a value to another item.
 */
export const lines = (values: readonly (string | number | null | undefined)[]): string =>
  values.length === 0 ? '' : values.map((v) => (v === null || v === undefined ? '' : String(v))).join('\n');

export interface CharacteristicCell {
  name: string;
  characteristicClass: string;
  special: boolean;
  /** PFMEA: product or process characteristic, and the customer's own class (e.g. ◆). */
  characteristicKind?: string | null;
  customerClass?: string | null;
}

/**
 * A characteristic in the chain sheet: `name [class]`, `*` after the class for
 * a special one; a PFMEA's kind and customer class follow the class, each
 * after a `|`, left off when empty (`Bore Ø22 [critical*|product|◆]`,
 * `Spindle speed [significant*|process]`): a DFMEA's reads as before.
 */
export function characteristicText(c: CharacteristicCell): string {
  const extra = c.customerClass ? `|${c.characteristicKind ?? ''}|${c.customerClass}` : c.characteristicKind ? `|${c.characteristicKind}` : '';
  return `${c.name} [${c.characteristicClass}${c.special ? '*' : ''}${extra}]`;
}

/** The chain sheet's action columns, each a list over the cause's actions in order. */
export const ACTION_CELL_KEYS = [
  'actionKinds',
  'actions',
  'actionResponsible',
  'actionTargetDates',
  'actionStatuses',
  'actionsTaken',
  'actionEvidence',
  'actionCompletionDates',
  'actionRaSeverity',
  'actionRaOccurrence',
  'actionRaDetection',
] as const;
export type ActionCellKey = (typeof ACTION_CELL_KEYS)[number];

export interface ActionCellSource {
  kind: string;
  description: string;
  /** The responsible person's user name, or empty. */
  responsible: string;
  targetDate: string | null;
  status: string;
  actionTaken: string | null;
  evidence: string | null;
  completionDate: string | null;
  raSeverity: number | string | null;
  raOccurrence: number | string | null;
  raDetection: number | string | null;
}

export function actionCells(actions: readonly ActionCellSource[]): Record<ActionCellKey, string> {
  return {
    actionKinds: lines(actions.map((a) => a.kind)),
    actions: lines(actions.map((a) => a.description)),
    actionResponsible: lines(actions.map((a) => a.responsible)),
    actionTargetDates: lines(actions.map((a) => a.targetDate)),
    actionStatuses: lines(actions.map((a) => a.status)),
    actionsTaken: lines(actions.map((a) => a.actionTaken)),
    actionEvidence: lines(actions.map((a) => a.evidence)),
    actionCompletionDates: lines(actions.map((a) => a.completionDate)),
    actionRaSeverity: lines(actions.map((a) => a.raSeverity)),
    actionRaOccurrence: lines(actions.map((a) => a.raOccurrence)),
    actionRaDetection: lines(actions.map((a) => a.raDetection)),
  };
}

/** A cell's text as the reader sees it (cellText trims): what a written cell compares as. */
export const asRead = (text: string): string => text.trim();
