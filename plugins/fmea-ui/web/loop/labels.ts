import { useLingui } from '@lingui/react/macro';
import type { ApiData } from '@fmea/sdk';

/** A proposal as the API answers it (GET /api/fmea/proposals, /api/loop/proposals). */
export type Proposal = ApiData<'/api/fmea/proposals'>[number];
/** A match as the API answers it (GET /api/loop/matches). */
export type LoopMatch = ApiData<'/api/loop/matches'>[number];

/** The words of the loop in the user's language: proposal kinds, statuses, sources, match reasons. */
export function useLoopLabels() {
  const { t } = useLingui();
  const kind: Record<Proposal['kind'], string> = {
    addCause: t`Add a missing cause`,
    raiseOccurrence: t`Raise occurrence (O)`,
    raiseDetection: t`Raise detection (D)`,
    addControl: t`Add a control`,
    rateOccurrence: t`Rate occurrence (O) from measured capability`,
  };
  // 'Open' alone is the verb elsewhere (打开): the status has its own context
  const status: Record<Proposal['status'], string> = { open: t({ message: 'Open', context: 'proposal status' }), accepted: t`Accepted`, rejected: t`Rejected` };
  const control: Record<'prevention' | 'detection', string> = { prevention: t`Prevention`, detection: t`Detection` };
  type Source = { sourceKind: Proposal['sourceKind']; sourceNumber: string };
  // a DRBFM's concerns are proposed from the DRBFM (issue 25); its number names it
  const sources: Record<Proposal['sourceKind'], (p: Source) => string> = { problem: (p) => t`Problem ${p.sourceNumber}`, ewo: (p) => t`Engineering change ${p.sourceNumber}`, spc: (p) => t`SPC study ${p.sourceNumber}`, drbfm: (p) => t`DRBFM ${p.sourceNumber}` };
  const source = (p: Source) => sources[p.sourceKind](p);
  const item: Record<LoopMatch['item'], string> = {
    function: t`Function`,
    FE: t`Failure effect`,
    FM: t`Failure mode`,
    FC: t`Failure cause`,
    prevention: t`Prevention control`,
    detection: t`Detection control`,
  };
  const field: Record<string, string> = {
    whyOccurred: t`why it occurred`,
    whyNotDetected: t`why it was not detected`,
    brief: t`the problem brief`,
    description: t`the description`,
    changeNote: t`a change note`,
  };
  const reason = (r: LoopMatch['reasons'][number]) => {
    if (r.kind === 'named') return t`listed by the source`;
    if (r.kind === 'catalog') {
      const serial = r.serial.slice(r.serial.indexOf(':') + 1);
      return t`same catalog record ${serial}`;
    }
    const where = field[r.field] ?? r.field;
    const terms = r.terms.join(' · ');
    return t`shares “${terms}” with ${where}`;
  };
  /** What the proposal asks, in a line: the kind and the proposed value. */
  const ask = (p: Pick<Proposal, 'kind' | 'occurrence' | 'det' | 'controlKind' | 'previousOccurrence' | 'previousDet'>) => {
    if (p.kind === 'raiseOccurrence' || p.kind === 'rateOccurrence') return `${kind[p.kind]}: ${p.previousOccurrence ?? '—'} → ${p.occurrence ?? '—'}`;
    if (p.kind === 'raiseDetection') return `${kind.raiseDetection}: ${p.previousDet ?? '—'} → ${p.det ?? '—'}`;
    if (p.kind === 'addControl') return `${kind.addControl} (${p.controlKind ? control[p.controlKind] : '—'})`;
    return kind.addCause;
  };
  return { kind, status, control, source, item, reason, ask };
}
