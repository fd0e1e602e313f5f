import { useLingui } from '@lingui/react/macro';

/**
 * The engine's field names in the reader's language: one map for every view
 * that names a changed field (a row's history, the baselines' diff), so a
 * field is called the same everywhere. A field without a label shows as stored.
 */
export function useFieldLabels(): Record<string, string> {
  const { t } = useLingui();
  return {
    name: t`Name`,
    description: t`Description`,
    requirement: t`Requirement`,
    kind: t`Kind`,
    sort: t`Order`,
    severity: t`Severity (S)`,
    occurrence: t`Occurrence (O)`,
    detection: t`Detection (D)`,
    frequencyRatio: t`Frequency ratio`,
    characteristicClass: t`Characteristic class`,
    special: t`Special characteristic`,
    interfaceType: t`Interface type`,
    responsibleUserId: t`Responsible`,
    responsibleName: t`Responsible`,
    targetDate: t`Target date`,
    status: t`Status`,
    actionTaken: t`Action taken`,
    evidence: t`Evidence`,
    completionDate: t`Completion date`,
    raSeverity: t`S (re-rated)`,
    raOccurrence: t`O (re-rated)`,
    raDetection: t`D (re-rated)`,
    // a cause's FMEA-MSR ratings (docs/domain/msr.md)
    msrFrequency: t`Frequency (F)`,
    msrMonitoring: t`Monitoring (M)`,
    msrSeverity: t`S after system response`,
    msrEffect: t`Most severe failure effect after system response`,
    parentId: t`Parent`,
    nodeId: t`Structure element`,
    functionId: t`Function`,
    causeId: t`Cause`,
    higherFunctionId: t`Higher function`,
    lowerFunctionId: t`Lower function`,
    higherFailureId: t`Higher failure`,
    lowerFailureId: t`Lower failure`,
    firstNodeId: t`First element`,
    secondNodeId: t`Second element`,
    processNo: t`Process number`,
    workElementType: t`4M type`,
    functionScope: t`Function scope`,
    catalogRecordId: t`Catalog record`,
    userName: t`User name`,
    roles: t`Roles`,
    // a control plan line (AIAG control plan columns)
    processName: t`Process name / operation description`,
    machine: t`Machine, device, jig, tools`,
    characteristicNo: t`Characteristic number`,
    productCharacteristic: t`Product characteristic`,
    processCharacteristic: t`Process characteristic`,
    specialClass: t`Special characteristic class`,
    specification: t`Product/process specification/tolerance`,
    measurementTechnique: t`Evaluation/measurement technique`,
    sampleSize: t`Sample size`,
    sampleFrequency: t`Sample frequency`,
    controlMethod: t`Control method`,
    reactionPlan: t`Reaction plan`,
    reviewedBy: t`Reviewed by`,
    reviewedAt: t`Reviewed on`,
    stepNodeId: t`Process step`,
    characteristicId: t`Characteristic`,
    origin: t`Origin`,
    // the project header (a baseline's diff of the header)
    serialNum: t`Number`,
    projectType: t`Project type`,
    versionLabel: t`Version label`,
    apTable: t`AP table`,
    companyName: t`Company name`,
    engineeringLocation: t`Engineering location`,
    carTypeYears: t`Model year / program(s)`,
    subject: t`Subject`,
    fmeaIdNumber: t`FMEA ID number`,
    designResponsibility: t`Design responsibility`,
    preparedBy: t`Prepared by`,
    teamNotes: t`Cross-functional team`,
    planIntent: t`Intent`,
    planTiming: t`Timing`,
    planTeam: t`Team`,
    planTask: t`Task`,
    planTool: t`Tool`,
    analysisBoundaries: t`Analysis boundaries`,
    sopDate: t`SOP date`,
    startDate: t`FMEA start date`,
    revisionDate: t`FMEA revision date`,
    stage: t`Stage`,
    customer: t`Customer`,
    platform: t`Platform`,
    confidentiality: t`Confidentiality level`,
    // structure nodes
    nodeType: t`Node type`,
    flowSymbol: t`Flow chart symbol`,
    flowInputs: t`Inputs`,
    flowOutputs: t`Outputs`,
    taskStatus: t`Task status`,
    imageName: t`Image`,
  };
}

/**
 * A stored value in the reader's language where the field holds a code of the
 * engine's vocabulary (an action's status, a control's kind, a 4M type);
 * anything else as stored.
 */
export function useValueLabel(): (field: string, value: string | number | boolean | null) => string {
  const { t } = useLingui();
  const codes: Record<string, Record<string, string>> = {
    status: { open: t({ message: 'Open', context: 'action status' }), decisionPending: t`Decision pending`, implementationPending: t`Implementation pending`, completed: t`Completed`, notImplemented: t`Not implemented` },
    kind: { prevention: t`Prevention`, detection: t`Detection` },
    workElementType: { man: t`Man`, machine: t`Machine`, material: t`Material`, environment: t`Environment` },
  };
  return (field, value) => (value === null ? '' : (codes[field]?.[String(value)] ?? String(value)));
}
