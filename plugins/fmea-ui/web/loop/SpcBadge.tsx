import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { kindOf, spcStudyPath } from '@fmea/core/domain';
import { api, can, useGuardedNavigate, useUser, type ApiData } from '@fmea/sdk';
import { useFmeaKind } from '../kind.tsx';

type CauseCapability = ApiData<'/api/spc/causes'>[number];

/**
 * The measured capability of the characteristic a cause is on (docs/domain/spc.md, "The loop"), read once per
 * project for those who hold the SPC route, in the kinds with a control plan (what a study measures): by cause
 * id, each study's Cpk and the occurrence its capability proposes. Others see no badge (the server would
 * refuse the read; a DFMEA has no study).
 */
export function useSpcCapability(projectId: string): ReadonlyMap<string, readonly CauseCapability[]> {
  const allowed = can(useUser(), 'spc_index') && kindOf(useFmeaKind().projectType).processModel;
  const [rows, setRows] = useState<readonly CauseCapability[]>([]);
  useEffect(() => {
    if (!allowed) return;
    // a badge is an addition to the grid: a failed read leaves it out
    api.get('/api/spc/causes', { projectId }).then(setRows, () => undefined);
  }, [projectId, allowed]);
  return useMemo(() => {
    const map = new Map<string, CauseCapability[]>();
    for (const r of rows) map.set(r.causeId, [...(map.get(r.causeId) ?? []), r]);
    return map;
  }, [rows]);
}

const fixed = (v: number | null) => (v === null ? '—' : v.toFixed(2));

/** A cause's badge: the study's Cpk and the O it proposes (beside the current one); opens the study. */
export function SpcBadge({ entries, occurrence }: { entries: readonly CauseCapability[] | undefined; occurrence: number | null | undefined }) {
  const { t } = useLingui();
  const navigate = useGuardedNavigate();
  if (!entries?.length) return null;
  return (
    <>
      {entries.map((e) => {
        const cpk = fixed(e.cpk);
        const proposed = e.proposedOccurrence ?? '—';
        const differs = e.proposedOccurrence !== null && e.proposedOccurrence !== occurrence;
        return (
          <button
            key={e.studyId}
            type="button"
            className={`spc-badge${differs ? ' spc-badge-differs' : ''}`}
            data-testid="spc-badge"
            title={t`SPC study ${e.studyNum} (${e.name}): Cpk ${cpk}; the measured capability proposes O ${proposed}`}
            onClick={() => void navigate(spcStudyPath(e.studyId))}
          >
            {t`Cpk ${cpk} · O ${proposed}`}
          </button>
        );
      })}
    </>
  );
}
