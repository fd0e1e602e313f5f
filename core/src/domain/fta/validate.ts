import type { FtaDocument } from './document.ts';

/**
 * What is wrong with a fault-tree document before it is stored (issue 23): each problem once, by code, with
 * the gate or event at fault, so the user reads "gate G2 uses E9, which is defined nowhere" rather than an
 * engine error. The codes are message keys' last part (`fta.document.<code>`, locales/).
 */
export const FTA_DOCUMENT_ISSUES = [
  'nameMissing',
  'nameTooLong',
  'labelTooLong',
  'duplicateName',
  'undefinedInput',
  'cycle',
  'atleastMin',
  'notInputs',
  'probabilityRange',
  'negativeRate',
  'topNotGate',
  'gateNoInputs',
  'missionTime',
  'transferTree',
] as const;
export type FtaDocumentIssueCode = (typeof FTA_DOCUMENT_ISSUES)[number];

export interface FtaDocumentIssue {
  code: FtaDocumentIssueCode;
  /** The gate or event at fault ('' for the document itself). */
  name: string;
  /** The input it names (undefinedInput), the bound (atleastMin), the value (probabilityRange, negativeRate). */
  input?: string;
  value?: number;
}

/** Names are MEF identifiers; a limit keeps them readable in lists and files. Labels are held to the same, as every text of the product is (200). */
export const FTA_NAME_MAX = 200;

export function validateFtaDocument(doc: FtaDocument): FtaDocumentIssue[] {
  const issues: FtaDocumentIssue[] = [];
  if (!(Number.isFinite(doc.missionTime) && doc.missionTime > 0)) issues.push({ code: 'missionTime', name: '', value: doc.missionTime });

  const kinds = new Map<string, 'gate' | 'event'>();
  const all = [
    ...doc.gates.map((g) => [g.name, 'gate'] as const),
    ...doc.transfers.map((t) => [t.name, 'event'] as const),
    ...doc.basicEvents.map((e) => [e.name, 'event'] as const),
    ...doc.houseEvents.map((h) => [h.name, 'event'] as const),
  ];
  for (const item of [...doc.gates, ...doc.transfers, ...doc.basicEvents, ...doc.houseEvents]) {
    if (item.label !== undefined && item.label.length > FTA_NAME_MAX) issues.push({ code: 'labelTooLong', name: item.name, value: FTA_NAME_MAX });
  }
  for (const [name, kind] of all) {
    if (!name.trim()) issues.push({ code: 'nameMissing', name });
    else if (name.length > FTA_NAME_MAX) issues.push({ code: 'nameTooLong', name: name.slice(0, 40), value: FTA_NAME_MAX });
    if (kinds.has(name)) issues.push({ code: 'duplicateName', name });
    else kinds.set(name, kind);
  }

  for (const g of doc.gates) {
    if (g.inputs.length === 0) issues.push({ code: 'gateNoInputs', name: g.name });
    for (const input of g.inputs) if (!kinds.has(input)) issues.push({ code: 'undefinedInput', name: g.name, input });
    if (g.operator === 'atleast' && !(Number.isInteger(g.min) && g.min! >= 1 && g.min! <= g.inputs.length)) issues.push({ code: 'atleastMin', name: g.name, value: g.inputs.length });
    if (g.operator === 'not' && g.inputs.length !== 1) issues.push({ code: 'notInputs', name: g.name, value: g.inputs.length });
  }
  for (const e of doc.basicEvents) {
    if (e.model.kind === 'probability' && !(e.model.probability >= 0 && e.model.probability <= 1)) issues.push({ code: 'probabilityRange', name: e.name, value: e.model.probability });
    if (e.model.kind === 'exponential' && !(e.model.rate >= 0 && Number.isFinite(e.model.rate))) issues.push({ code: 'negativeRate', name: e.name, value: e.model.rate });
  }
  for (const t of doc.transfers) if (!t.tree.trim()) issues.push({ code: 'transferTree', name: t.name });
  if (kinds.get(doc.top) !== 'gate' || !doc.gates.some((g) => g.name === doc.top)) issues.push({ code: 'topNotGate', name: doc.top });

  // a gate reached again while its own inputs are being walked: a cycle (reported once, at the first gate found on it)
  const gates = new Map(doc.gates.map((g) => [g.name, g]));
  const state = new Map<string, 'open' | 'done'>();
  const walk = (name: string): string | undefined => {
    const gate = gates.get(name);
    if (!gate || state.get(name) === 'done') return undefined;
    if (state.get(name) === 'open') return name;
    state.set(name, 'open');
    for (const input of gate.inputs) {
      const found = walk(input);
      if (found) return found;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const g of doc.gates) {
    const found = walk(g.name);
    if (found) {
      issues.push({ code: 'cycle', name: found });
      break;
    }
  }
  return issues;
}
