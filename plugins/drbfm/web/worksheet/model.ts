import { useLingui } from '@lingui/react/macro';
import type { ApiData } from '@fmea/sdk';

/** The DRBFM as the worksheet reads it (GET /api/drbfm/worksheet) and its rows. */
export type Drbfm = ApiData<'/api/drbfm/worksheet'>;
export type Part = Drbfm['parts'][number];
export type Concern = Drbfm['concerns'][number];
export type Action = Drbfm['actions'][number];
export type Meeting = Drbfm['meetings'][number];

/** The worksheet's closed lists in the user's language. */
export function useDrbfmLabels() {
  const { t } = useLingui();
  return {
    importance: { high: t`High`, medium: t`Medium`, low: t`Low` } as Record<NonNullable<Concern['importance']>, string>,
    actionKind: { design: t`Design action`, evaluation: t`Evaluation action` } as Record<Action['kind'], string>,
    actionStatus: { open: t({ message: 'Open', context: 'action status' }), done: t`Done` } as Record<Action['status'], string>,
    proposalStatus: { open: t({ message: 'Open', context: 'proposal status' }), accepted: t`Accepted`, rejected: t`Rejected` } as Record<string, string>,
    partKind: { bomPart: t`BOM part`, fmeaNode: t`Structure element`, text: t`Entered` } as Record<Part['partKind'], string>,
  };
}
