import { useMemo } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { FLOW_SYMBOLS, WORK_ELEMENT_TYPES, type FlowSymbol, type WorkElementType } from '@fmea/core/domain';
import { DFMEA_KIND, type FmeaKind, type LabelledNode } from '@fmea/fmea-ui';
import { useFlowLabels } from './flow/labels.ts';
import './pfmea.css';

/** The 4M types named in the user's language (the handbook's Man, Machine, Material, EnvironMent). */
export function useWorkElementLabel(): (type: WorkElementType) => string {
  const { t } = useLingui();
  const names: Record<WorkElementType, string> = { man: t`Man`, machine: t`Machine`, material: t`Material`, environment: t`Environment` };
  return (type) => names[type];
}

export const isWorkElementType = (value: unknown): value is WorkElementType => (WORK_ELEMENT_TYPES as readonly unknown[]).includes(value);

/** The ASME symbols as one character each (the flow chart draws them; combined is a circle in a square). */
const FLOW_GLYPHS: Record<FlowSymbol, string> = { operation: '○', transport: '⇨', inspection: '□', storage: '▽', delay: 'D', combined: '⧇' };
const isFlowSymbol = (value: unknown): value is FlowSymbol => (FLOW_SYMBOLS as readonly unknown[]).includes(value);

/**
 * The PFMEA as a kind of the shared FMEA pages: process projects, the
 * PFMEA route's buttons, the pfmeaProject page, members with role lists
 * (spec 001 §3), the AIAG-VDA PFMEA header's names for the same fields, and
 * process nodes shown with their step number or 4M type.
 */
export function usePfmeaKind(): FmeaKind {
  const { t, i18n } = useLingui();
  const fourM = useWorkElementLabel();
  const { symbols } = useFlowLabels();
  return useMemo(
    () => ({
      ...DFMEA_KIND,
      projectType: 'pfmea',
      listTypes: [{ type: 'pfmea', label: msg`PFMEA` }],
      route: 'pfmea_index',
      memberKind: 'process',
      texts: {
        listTitle: t`PFMEA projects`,
        newProject: t`New PFMEA project`,
        templatesTitle: t`PFMEA templates`,
        headerLegend: t`PFMEA header`,
        headerLabels: {
          engineeringLocation: t`Manufacturing location`,
          designResponsibility: t`Process responsibility`,
          fmeaIdNumber: t`PFMEA ID number`,
          startDate: t`PFMEA start date`,
          revisionDate: t`PFMEA revision date`,
        },
        gridLabels: {
          higherElement: t`Process item`,
          element: t`Process step`,
          lowerElement: t`Process work element`,
          function: t`Function of the process step`,
        },
      },
      nodeLabel: (node: LabelledNode) => (
        <span className="pfmea-node">
          {node.processNo ? (
            <span className="pfmea-process-no" data-testid="pfmea-process-no">
              {node.processNo}
            </span>
          ) : null}
          {isWorkElementType(node.workElementType) ? (
            <span className={`pfmea-4m pfmea-4m-${node.workElementType}`} data-testid="pfmea-4m">
              {fourM(node.workElementType)}
            </span>
          ) : null}
          {/* the step's symbol chosen on the flow chart: the same node, read by both views */}
          {isFlowSymbol(node.flowSymbol) ? (
            <span className="pfmea-flow-symbol" data-testid="pfmea-flow-symbol" title={symbols[node.flowSymbol]} aria-label={symbols[node.flowSymbol]}>
              {FLOW_GLYPHS[node.flowSymbol]}
            </span>
          ) : null}
          <span data-user-content>{node.name}</span>
        </span>
      ),
    }),
    // the texts follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.locale],
  );
}
