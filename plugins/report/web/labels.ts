import { useLingui } from '@lingui/react/macro';

/** Names of the codes the reports show, in the reader's language. */
export function useReportLabels() {
  const { t } = useLingui();
  const projectType: Record<string, string> = { dfmea: 'DFMEA', pfmea: 'PFMEA', family: t`Family FMEA`, msr: 'FMEA-MSR', fmeda: 'FMEDA' };
  const reviewStatus: Record<string, string> = {
    draft: t`Draft`,
    in_preparation: t`In preparation`,
    under_review: t`Under review`,
    approved: t`Approved`,
    released: t`Released`,
    rejected: t`Rejected`,
    revoked: t`Revoked`,
  };
  const taskStatus: Record<string, string> = {
    '0': t`Not started`,
    '1': t`In progress`,
    '2': t`In review`,
    '3': t`Completed`,
    '4': t`Pending`,
    '5': t`Cancelled`,
    '6': t`Rejected`,
    '7': t`Withdrawn`,
  };
  const actionStatus: Record<string, string> = { open: t`Open`, decisionPending: t`Decision pending`, implementationPending: t`Implementation pending`, completed: t`Completed`, notImplemented: t`Not implemented` };
  const controlPlan: Record<string, string> = { complete: t`Controlled`, incomplete: t`Control method or reaction plan missing`, missing: t`No control-plan line` };
  const characteristicClass: Record<string, string> = { safety: t`Safety`, critical: t`Critical`, significant: t`Significant`, general: t`General` };
  return { projectType, reviewStatus, taskStatus, actionStatus, controlPlan, characteristicClass };
}
