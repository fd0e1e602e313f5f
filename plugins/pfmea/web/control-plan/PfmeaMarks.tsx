import { createContext, useContext, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { api, useLoad, type ApiData } from '@fmea/sdk';
import { useControlPlanLabels } from './labels.ts';
import './control-plan.css';

type Mark = ApiData<'/api/controlPlan/marks'>['marks'][number];

/** The control plans' marks on the PFMEA, by characteristic: what a line's own text says against it. */
const MarksContext = createContext<ReadonlyMap<string, readonly Mark[]>>(new Map());

/**
 * Reads the marks the project's control plans put on the PFMEA (every
 * phase) once per opening of a PFMEA step, and again when another member
 * changed the project; the characteristics below it show them.
 */
export function ControlPlanMarksProvider({ projectId, remoteRevision, children }: { projectId: string; remoteRevision: number; children: ReactNode }) {
  const marks = useLoad(() => api.get('/api/controlPlan/marks', { projectId }), [projectId, remoteRevision]);
  const byCharacteristic = new Map<string, Mark[]>();
  for (const mark of marks.data?.marks ?? []) {
    const list = byCharacteristic.get(mark.characteristicId);
    if (list) list.push(mark);
    else byCharacteristic.set(mark.characteristicId, [mark]);
  }
  return <MarksContext.Provider value={byCharacteristic}>{children}</MarksContext.Provider>;
}

/** A characteristic's badge when a control plan line contradicts it: the phases' sentences on hover. */
export function ControlPlanMarkBadge({ characteristicId }: { characteristicId: string }) {
  const { t } = useLingui();
  const { phases } = useControlPlanLabels();
  const marks = useContext(MarksContext).get(characteristicId);
  if (!marks?.length) return null;
  const text = marks.map((m) => `${phases[m.phase]}: ${m.message}`).join('\n');
  return (
    <span className="cp-mark-badge" role="img" title={text} aria-label={t`The control plan contradicts this: ${text}`} data-testid="cp-pfmea-mark">
      {t`≠ control plan`}
    </span>
  );
}
