import { useLingui } from '@lingui/react/macro';
import type { EwoBreakpointKind, EwoBreakpointResult, EwoDocumentSide, EwoEntryKind, EwoFmeaRef, EwoItemKind, EwoSource, EwoState, EwoType } from '@fmea/core/domain';

/** The names of an EWO's values in the reader's language (the lists are core's: core/src/domain/ewo/vocabulary.ts). */
export function useEwoLabels() {
  const { t } = useLingui();
  const type: Record<EwoType, string> = { design: t`Design change`, process: t`Process change`, material: t`Material or supplier change`, document: t`Document change`, other: t`Other` };
  const source: Record<EwoSource, string> = { customer: t`Customer request`, problem: t`Quality problem`, internal: t`Internal improvement`, supplier: t`Supplier`, regulation: t`Regulation`, other: t`Other` };
  const state: Record<EwoState, string> = {
    opening: t`Change opening`,
    followUp: t`Following up`,
    publishPending: t`Awaiting publish approval`,
    published: t`Published`,
    breakpointVerified: t`Breakpoint verified`,
    closed: t`Change closed`,
  };
  const itemKind: Record<EwoItemKind, string> = { product: t`Product`, bomPart: t`BOM part`, fmeaItem: t`FMEA item` };
  const fmeaRef: Record<EwoFmeaRef, string> = { node: t`Structure node`, function: t`Function`, FE: t`Failure effect`, FM: t`Failure mode`, FC: t`Failure cause` };
  const side: Record<EwoDocumentSide, string> = { before: t`Before the change`, after: t`After the change` };
  const breakpointKind: Record<EwoBreakpointKind, string> = { serialNumber: t`Serial number`, lot: t`Lot`, date: t`Date` };
  const result: Record<EwoBreakpointResult, string> = { effective: t`In effect`, notEffective: t`Not in effect yet` };
  const entry: Record<EwoEntryKind, string> = {
    followUp: t`Follow-up`,
    startFollowUp: t`Follow-up started`,
    submit: t`Publish requested`,
    approve: t`Publish approved`,
    reject: t`Publish rejected`,
    withdraw: t`Request withdrawn`,
    breakpoint: t`Breakpoint follow-up`,
    close: t`Closed`,
  };
  return { type, source, state, itemKind, fmeaRef, side, breakpointKind, result, entry };
}

export const options = <K extends string>(labels: Record<K, string>): { value: K; label: string }[] => (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
