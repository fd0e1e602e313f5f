import { openActionsSection, type OpenActionInput, type OpenActionsSection } from './actions.ts';
import {
  controlledCharacteristics,
  specialCharacteristicsSection,
  testCoverageSection,
  type ControlledCharacteristic,
  type ControlPlanLineInput,
  type ControlPlanState,
  type SpecialCharacteristicInput,
  type TestCoverageInput,
  type TestCoverageSection,
} from './characteristics.ts';
import { riskPicture, type RatingGroup, type RiskPicture } from './risk.ts';

/** The reports of the report area (spec 001 §2), as `fmea report <kind>` names them. */
/** `form`: the project's FMEA form (the AIAG-VDA risk grid) to print, beside the reports of spec 001 §2. */
export const REPORT_KINDS = ['dfmea', 'pfmea', 'counts', 'nodes', 'tasks', 'ranking', 'form'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The reports about one FMEA project and the side of the projects each reads (design: DFMEA, family, MSR; process: PFMEA). */
export const PROJECT_REPORTS = { dfmea: 'design', pfmea: 'process' } as const;
export type ProjectReportKind = keyof typeof PROJECT_REPORTS;
export type ReportSide = (typeof PROJECT_REPORTS)[ProjectReportKind];
/** The side a report kind reads, or undefined for a report that is not about one project. */
export const projectReportSide = (kind: string): ReportSide | undefined => (PROJECT_REPORTS as Readonly<Record<string, ReportSide>>)[kind];

/** The project a project report is about, as its header shows it. */
export interface ReportProject {
  readonly id: string;
  readonly serialNum: string;
  readonly name: string;
  readonly projectType: string;
  readonly reviewStatus: string;
  readonly versionLabel: string | null;
}

export interface DfmeaReportInput {
  readonly project: ReportProject;
  /** The project's AP rules as 1000 letters H/M/L (`apTableString`). */
  readonly apTable: string;
  readonly ratings: readonly RatingGroup[];
  readonly openActions: readonly OpenActionInput[];
  readonly specialCharacteristics: readonly SpecialCharacteristicInput[];
  /** The DVP&R's coverage of the detection controls; null while there is none (the report says so). */
  readonly testCoverage: TestCoverageInput | null;
  /** YYYY-MM-DD in the reader's calendar: what "overdue" is measured against. */
  readonly today: string;
  /** When the figures were read (ISO 8601), printed on the report. */
  readonly generatedAt: string;
}

export interface DfmeaReport extends RiskPicture {
  readonly project: ReportProject;
  readonly generatedAt: string;
  readonly openActions: OpenActionsSection;
  readonly specialCharacteristics: SpecialCharacteristicInput[];
  readonly testCoverage: TestCoverageSection;
}

export function dfmeaReport(input: DfmeaReportInput): DfmeaReport {
  return {
    project: input.project,
    generatedAt: input.generatedAt,
    ...riskPicture(input.ratings, input.apTable),
    openActions: openActionsSection(input.openActions, input.today),
    specialCharacteristics: specialCharacteristicsSection(input.specialCharacteristics),
    testCoverage: testCoverageSection(input.testCoverage),
  };
}

export interface PfmeaReportInput extends Omit<DfmeaReportInput, 'testCoverage'> {
  readonly controlPlanLines: readonly ControlPlanLineInput[];
}

export interface PfmeaReport extends RiskPicture {
  readonly project: ReportProject;
  readonly generatedAt: string;
  readonly openActions: OpenActionsSection;
  readonly specialCharacteristics: ControlledCharacteristic[];
  readonly controlPlan: Record<ControlPlanState, number>;
}

export function pfmeaReport(input: PfmeaReportInput): PfmeaReport {
  const controlled = controlledCharacteristics(input.specialCharacteristics, input.controlPlanLines);
  return {
    project: input.project,
    generatedAt: input.generatedAt,
    ...riskPicture(input.ratings, input.apTable),
    openActions: openActionsSection(input.openActions, input.today),
    specialCharacteristics: controlled.items,
    controlPlan: controlled.counts,
  };
}
