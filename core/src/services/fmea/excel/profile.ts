import { hasMsrSteps, type ProjectType } from '../../../domain/fmea/index.ts';
import type { SheetColumn } from '../../shared/xlsx.ts';
import { analysisColumns, type AnalysisColumns } from './analysis-columns.ts';
import {
  FLAT_COLUMNS,
  LEGACY_COLUMNS,
  LEGACY_PATTERNS,
  PFMEA_FLAT_COLUMNS,
  PFMEA_LEGACY_COLUMNS,
  PFMEA_LEGACY_PATTERNS,
  type FlatKey,
  type FormKey,
  type LegacyKey,
} from './columns.ts';
import type { FormHeaderKey } from './form-header.ts';
import {
  DETECTION_SCALE,
  OCCURRENCE_SCALE,
  PFMEA_DETECTION_SCALE,
  PFMEA_OCCURRENCE_SCALE,
  PFMEA_SEVERITY_SCALE,
  SEVERITY_SCALE,
  type ScaleEntry,
} from './scales.ts';
import { kindOf, type FmeaSide } from '../../../domain/fmea/kinds.ts';

/**
 * What a DFMEA and a PFMEA workbook do not share, in one place: the form's
 * title, sheet name and the labels of the columns and header fields that say
 * "design" or "process", the rating scales (the handbook's D1–D3 or P1–P3),
 * the chain and list sheets' columns (the PFMEA adds its process fields) and
 * the legacy 4th-edition columns (item or process step). Everything else —
 * the form's 27 columns, merges, keys, the reading rules, the bulk import —
 * is the same code for both.
 */
/** Which form a workbook is: its side's (a family FMEA or an MSR writes the DFMEA's). */
export type WorkbookKind = FmeaSide;

export interface WorkbookProfile {
  readonly kind: WorkbookKind;
  /** The process form: step numbers, 4M work elements and the PFMEA's own columns. */
  readonly process: boolean;
  /** Message key of the form sheet's name and of its title. */
  readonly formSheetKey: string;
  readonly titleKey: string;
  /** Message key of a form column's heading. */
  formLabelKey(key: FormKey): string;
  /** Message key of a header-block label. */
  headerLabelKey(key: FormHeaderKey): string;
  /** S, O, D scales with their label keys, in that order. */
  readonly scales: readonly (readonly [string, readonly ScaleEntry[]])[];
  readonly flatColumns: readonly SheetColumn<FlatKey>[];
  readonly analysisColumns: AnalysisColumns;
  readonly legacyColumns: readonly SheetColumn<LegacyKey>[];
  readonly legacyPatterns: readonly (readonly [RegExp, LegacyKey])[];
  /** The file name's prefix: DFMEA-DF…, PFMEA-PF…. */
  readonly filePrefix: string;
  /** Refusals when no sheet to read is found (they name the headers looked for). */
  readonly chainMissingKey: string;
  readonly legacyMissingKey: string;
}

const SCALE_KEYS = ['fmeaExcel.scale.severity', 'fmeaExcel.scale.occurrence', 'fmeaExcel.scale.detection'] as const;

/** The PFMEA form's own column headings (handbook 2019 PFMEA form); the others are the DFMEA's. */
const PFMEA_FORM_LABELS: ReadonlySet<FormKey> = new Set<FormKey>(['higherElement', 'focusElement', 'lowerElement', 'higherFunction', 'focusFunction', 'lowerFunction', 'effect', 'mode', 'cause', 'special', 'ap', 'raAp']);
/** The PFMEA header's own labels: the same project fields, named as the PFMEA header names them. */
const PFMEA_HEADER_LABELS: ReadonlySet<FormHeaderKey> = new Set<FormHeaderKey>(['engineeringLocation', 'fmeaIdNumber', 'startDate', 'revisionDate', 'designResponsibility']);

export const DFMEA_PROFILE: WorkbookProfile = {
  kind: 'dfmea',
  process: false,
  formSheetKey: 'fmeaExcel.sheet.form',
  titleKey: 'fmeaExcel.form.title',
  formLabelKey: (key) => `fmeaExcel.form.${key}`,
  headerLabelKey: (key) => `fmeaExcel.header.${key}`,
  scales: [
    [SCALE_KEYS[0], SEVERITY_SCALE],
    [SCALE_KEYS[1], OCCURRENCE_SCALE],
    [SCALE_KEYS[2], DETECTION_SCALE],
  ],
  flatColumns: FLAT_COLUMNS,
  analysisColumns: analysisColumns(false),
  legacyColumns: LEGACY_COLUMNS,
  legacyPatterns: LEGACY_PATTERNS,
  filePrefix: 'DFMEA',
  chainMissingKey: 'fmeaExcel.chain_sheet_missing',
  legacyMissingKey: 'fmeaExcel.legacy_sheet_missing',
};

export const PFMEA_PROFILE: WorkbookProfile = {
  kind: 'pfmea',
  process: true,
  formSheetKey: 'fmeaExcel.pfmea.sheet.form',
  titleKey: 'fmeaExcel.pfmea.form.title',
  formLabelKey: (key) => (PFMEA_FORM_LABELS.has(key) ? `fmeaExcel.pfmea.form.${key}` : `fmeaExcel.form.${key}`),
  headerLabelKey: (key) => (PFMEA_HEADER_LABELS.has(key) ? `fmeaExcel.pfmea.header.${key}` : `fmeaExcel.header.${key}`),
  scales: [
    [SCALE_KEYS[0], PFMEA_SEVERITY_SCALE],
    [SCALE_KEYS[1], PFMEA_OCCURRENCE_SCALE],
    [SCALE_KEYS[2], PFMEA_DETECTION_SCALE],
  ],
  flatColumns: PFMEA_FLAT_COLUMNS,
  analysisColumns: analysisColumns(true),
  legacyColumns: PFMEA_LEGACY_COLUMNS,
  legacyPatterns: PFMEA_LEGACY_PATTERNS,
  filePrefix: 'PFMEA',
  chainMissingKey: 'fmeaExcel.pfmea.chain_sheet_missing',
  legacyMissingKey: 'fmeaExcel.pfmea.legacy_sheet_missing',
};

export const WORKBOOK_PROFILES: readonly WorkbookProfile[] = [DFMEA_PROFILE, PFMEA_PROFILE];

const PROFILE_OF_SIDE: Record<FmeaSide, WorkbookProfile> = { dfmea: DFMEA_PROFILE, pfmea: PFMEA_PROFILE };

/** The DFMEA form of a kind with the FMEA-MSR steps: its failures sheet carries F, M and the effect after the system response (and its S). */
export const MSR_PROFILE: WorkbookProfile = { ...DFMEA_PROFILE, analysisColumns: analysisColumns(false, true) };

/**
 * The form of a type's side (a side's name is its first type's): a PFMEA's
 * workbook is the PFMEA form, every design-side type (DFMEA, family, MSR)
 * writes the DFMEA's; a kind with the MSR steps adds the MSR columns (and the
 * FMEA-MSR form sheet, msr-sheet.ts).
 */
export function profileOf(projectType: ProjectType | WorkbookKind): WorkbookProfile {
  const kind = kindOf(projectType);
  return hasMsrSteps(kind) ? MSR_PROFILE : PROFILE_OF_SIDE[kind.side];
}

/** The message keys of the PFMEA's own labels (the catalog test reads them with the others). */
export const PFMEA_LABEL_MESSAGE_KEYS: readonly string[] = [
  PFMEA_PROFILE.formSheetKey,
  PFMEA_PROFILE.titleKey,
  PFMEA_PROFILE.chainMissingKey,
  PFMEA_PROFILE.legacyMissingKey,
  ...[...PFMEA_FORM_LABELS].map((key) => PFMEA_PROFILE.formLabelKey(key)),
  ...[...PFMEA_HEADER_LABELS].map((key) => PFMEA_PROFILE.headerLabelKey(key)),
];
