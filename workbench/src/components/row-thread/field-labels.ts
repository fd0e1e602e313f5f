import { useLingui } from '@lingui/react/macro';

/** The engine's field names as a row's history shows them (the rest shows as stored). */
export function useFieldLabels(): Record<string, string> {
  const { t } = useLingui();
  return {
    name: t`Name`,
    description: t`Description`,
    requirement: t`Requirement`,
    kind: t`Kind`,
    severity: t`Severity (S)`,
    occurrence: t`Occurrence (O)`,
    detection: t`Detection (D)`,
    frequencyRatio: t`Frequency ratio`,
    characteristicClass: t`Class`,
    special: t`Special`,
    interfaceType: t`Interface type`,
    responsibleUserId: t`Responsible`,
    targetDate: t`Target date`,
    status: t`Status`,
    actionTaken: t`Action taken`,
    evidence: t`Evidence`,
    completionDate: t`Completion date`,
    raSeverity: t`S (re-rated)`,
    raOccurrence: t`O (re-rated)`,
    raDetection: t`D (re-rated)`,
    parentId: t`Parent`,
    processNo: t`Process number`,
    workElementType: t`4M type`,
    functionScope: t`Function scope`,
    catalogRecordId: t`Catalog record`,
  };
}
