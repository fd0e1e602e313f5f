import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { dvpDetailsPath, type DvpControlStatus } from '@fmea/core/domain';
import { api, useGuardedNavigate, type ApiData } from '@fmea/sdk';
import { useProjectRead } from '../shared/project-read.ts';
import './dvp.css';

/**
 * The DFMEA side of the DVP&R (docs/domain/dvp.md "The DFMEA side"): the test status of each detection control and
 * the open re-rating marks on causes, read once per project and again after writes (GET /api/fmea/dvpStatus, for
 * whoever may open the FMEA). Shown only once the DFMEA has a DVP&R plan: an FMEA without one is not judged on tests.
 */
type Status = ApiData<'/api/fmea/dvpStatus'>;
export interface ProjectDvp {
  readonly plan: Status['plan'];
  readonly byControl: ReadonlyMap<string, Status['controls'][number]>;
  readonly marksByCause: ReadonlyMap<string, readonly Status['marks'][number][]>;
}

const EMPTY: ProjectDvp = { plan: null, byControl: new Map(), marksByCause: new Map() };
const Context = createContext<ProjectDvp>(EMPTY);

export function useProjectDvp(projectId: string | null): ProjectDvp {
  const { value: status } = useProjectRead(projectId, (id) => api.get('/api/fmea/dvpStatus', { projectId: id }), ['/api/fmea/', '/api/dvp/']);
  return useMemo(() => {
    if (!status) return EMPTY;
    const marksByCause = new Map<string, Status['marks'][number][]>();
    for (const m of status.marks) marksByCause.set(m.causeId, [...(marksByCause.get(m.causeId) ?? []), m]);
    return { plan: status.plan, byControl: new Map(status.controls.map((c) => [c.controlId, c])), marksByCause };
  }, [status]);
}

export function DvpScope({ dvp, children }: { dvp: ProjectDvp; children: ReactNode }) {
  return <Context.Provider value={dvp}>{children}</Context.Provider>;
}

function useStatusLabels(): Record<DvpControlStatus, string> {
  const { t } = useLingui();
  return { none: t`No DVP test`, planned: t`DVP test planned`, qualified: t`DVP qualified`, unqualified: t`DVP unqualified`, notInvolved: t`DVP not involved` };
}

/** Beside each detection control: its DVP test status; a click opens the plan at its (first failed, else first) test. */
export function DvpControlBadges({ controls }: { controls: readonly { id: string; description: string }[] }) {
  const { plan, byControl } = useContext(Context);
  const labels = useStatusLabels();
  const navigate = useGuardedNavigate();
  if (!plan || controls.length === 0) return null;
  return (
    <>
      {controls.map((c) => {
        const found = byControl.get(c.id);
        const status: DvpControlStatus = found?.status ?? 'none';
        const test = found?.tests.find((x) => x.result === 'unqualified') ?? found?.tests[0];
        const title = `${c.description}: ${labels[status]}${test ? ` (${test.testNum})` : ''}`;
        return (
          <button
            key={c.id}
            type="button"
            className={`dvp-control-badge dvp-control-${status}`}
            data-testid={`dvp-control-${c.id}`}
            data-status={status}
            title={title}
            aria-label={title}
            onClick={(e) => {
              e.stopPropagation();
              void navigate(dvpDetailsPath(plan.dvpNum, test?.id));
            }}
          >
            {labels[status]}
          </button>
        );
      })}
    </>
  );
}

/** On a cause: the open marks asking for its chain to be re-rated (a failed DVP test); a click opens the test. */
export function RerateMarker({ causeId }: { causeId?: string | null }) {
  const { t } = useLingui();
  const { plan, marksByCause } = useContext(Context);
  const navigate = useGuardedNavigate();
  const marks = causeId ? marksByCause.get(causeId) : undefined;
  if (!marks?.length) return null;
  return (
    <>
      {marks.map((m) => {
        const title = t`Re-rate this chain: ${m.reason}`; // the reason starts with the test's number (DP…-NN)
        return (
          <button
            key={m.id}
            type="button"
            className="dvp-rerate-marker"
            data-testid={`dvp-rerate-${causeId}`}
            title={title}
            aria-label={title}
            onClick={(e) => {
              e.stopPropagation();
              if (plan) void navigate(dvpDetailsPath(plan.dvpNum));
            }}
          >
            {t`Re-rate`}
          </button>
        );
      })}
    </>
  );
}
