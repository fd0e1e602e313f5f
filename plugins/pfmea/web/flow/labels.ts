import { useLingui } from '@lingui/react/macro';
import type { FlowBranchKind, FlowChartHeader, FlowChartLabels, FlowSymbol } from '@fmea/core/domain';

/**
 * The chart's words in the reader's language. The picture is drawn by core's
 * pure renderer; on the server it takes them from core's catalogs, here from
 * the plugin's (the same texts in both, so the view is the download).
 */
export function useFlowLabels() {
  const { t } = useLingui();
  const symbols: Record<FlowSymbol, string> = {
    operation: t`Operation`,
    transport: t`Transport`,
    inspection: t`Inspection`,
    storage: t`Storage`,
    delay: t`Delay`,
    combined: t`Operation with inspection`,
  };
  const branchKinds: Record<FlowBranchKind, string> = { rework: t`Rework`, scrap: t`Scrap` };
  const chart: FlowChartLabels = {
    symbols,
    branchKinds,
    flowColumn: t`Flow`,
    operation: t`Step / operation`,
    productCharacteristics: t`Product characteristics`,
    processCharacteristics: t`Process characteristics`,
    inputs: t`In`,
    outputs: t`Out`,
    legend: t`Legend`,
    notes: t`Branches in full`,
    empty: t`No process steps yet: add them in the PFMEA’s structure analysis`,
  };
  const header = (facts: { pfdNumber: string; serialNum: string; name: string; date: string }): FlowChartHeader => ({
    title: t`Process flow chart ${facts.pfdNumber}`,
    subtitle: t`PFMEA number: ${facts.serialNum} · Project: ${facts.name} · Date: ${facts.date}`,
  });
  return { symbols, branchKinds, chart, header };
}
