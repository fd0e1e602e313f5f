import type { ApTable } from '../ap/index.ts';
import { AREAS, type AreaDefinition } from '../areas/index.ts';
import type { MessageCode } from '../messages/index.ts';
import type { NumberingModule } from '../numbering/index.ts';
import type { FmeaReviewWalkStep } from '../status/fmea-review-walk.ts';
import { ANALYSIS_STEPS, DRBFM_STEPS, FMEDA_STEPS, MSR_STEPS, PROJECT_TYPES, type AnalysisStep, type ProjectType } from './vocabulary.ts';

/**
 * The FMEA kinds (issue 21): one record per project type holding every fact
 * that differs between them, so that code asks the record instead of
 * branching on a type's name. Adding a kind (FMEDA, DRBFM …) is a record here,
 * an area definition serving its type, and a thin plugin. A contract test
 * (`kinds.contract.test.ts`) refuses a comparison with a project type's name,
 * or a closed union of type names, anywhere else.
 */

/**
 * The two worlds of the FMEA: design-side analyses (DFMEA and the kinds
 * built on it) and process-side ones (PFMEA). A side decides the things the
 * spec keeps in two: the workbook form, the template list (TD/TP), the
 * score-supply rules, the read-access application call and the CLI's command.
 */
export const FMEA_SIDES = ['dfmea', 'pfmea'] as const;
export type FmeaSide = (typeof FMEA_SIDES)[number];

/** What a kind's review messages are (spec 001 §2: '1' approval; outcomes '2','6','7' on the design side, '5' on the process side). */
export interface KindMessageCodes {
  readonly rejected: MessageCode;
  readonly released: MessageCode;
  readonly revoked: MessageCode;
  /** A task (an action given to someone). */
  readonly task: MessageCode;
  /** The view (rightType) each outcome opens, by code; null: the kind's messages carry none. */
  readonly rightTypes: Readonly<Partial<Record<MessageCode, string>>> | null;
}

export interface FmeaKind {
  /** The project type (a string, so that a test may declare a throwaway kind). */
  readonly type: string;
  readonly side: FmeaSide;
  readonly labelKey: string;
  /** Numbering modules of its projects (DF…, PF…) and of its templates (TD…, TP…). */
  readonly numberingModule: NumberingModule;
  readonly templateNumberingModule: NumberingModule;
  /** The AP rule set a new project rates with. */
  readonly apTable: ApTable;
  /** Design projects hold one role per member, process projects a list (spec 001 §3). */
  readonly memberKind: 'design' | 'process';
  /** The analysis steps, in order. */
  readonly steps: readonly AnalysisStep[];
  /** The steps a reviewer walks in order before the opinion (spec 001 §4 "from the block diagram"). */
  readonly reviewWalk: readonly FmeaReviewWalkStep[];
  /** The process model: numbered steps with 4M work elements, the flow chart, the control plan and the product feature list. */
  readonly processModel: boolean;
  /** A family FMEA holds exactly one item (spec 001 §5). */
  readonly singleItem: boolean;
  /** The type of the variants made from a project of the kind (a family FMEA's are DFMEAs); null: it has none. */
  readonly variantType: string | null;
  /** The favourite ("collect") type of a project of the kind (spec 001 §3), one its area contributes (kindIssues checks). */
  readonly collectType: string;
  /** Workbook and download names start with this. */
  readonly filePrefix: 'DFMEA' | 'PFMEA' | 'FMEDA' | 'DRBFM';
  readonly messages: KindMessageCodes;
  /** Deep-link query values the spec gives the kind (001 §2): the leftType a project opens with, and the one of its optimisation step. */
  readonly leftTypes: { readonly default: string | null; readonly optimization: string | null };
  /** Where a non-member applies to read a project of the kind (spec 001 §7). */
  readonly readApplyRoute: '/api/message/applyReadProject' | '/api/message/applyReadPfmeaProject';
  /**
   * The call that creates projects of the kind when the FMEA project's own (`/api/project/save`) cannot:
   * an FMEDA is made with its settings and worksheet (`createFmeda`). null: the FMEA project's.
   */
  readonly createdThrough: '/api/fmeda/create' | '/api/drbfm/create' | null;
  /** The business rules that say whether ratings come from the knowledge base, and the default detection. */
  readonly scoreSupply: { readonly supply: 'dfmeaScoreSupply' | 'pfmeaScoreSupply'; readonly defaultDetection: 'dfmeaDefaultDet' | 'pfmeaDefaultDet' };
}

const DESIGN_MESSAGES: KindMessageCodes = { rejected: '2', released: '6', revoked: '7', task: 'task', rightTypes: { '2': '10', '6': '12', '7': '11' } };
const DESIGN_WALK = ['interfaces', 'structure', 'function', 'failure', 'risk', 'optimization'] as const satisfies readonly FmeaReviewWalkStep[];
const MSR_WALK_STEPS: readonly FmeaReviewWalkStep[] = ['msrFailure', 'msrRisk', 'msrOptimization'];
const design = {
  side: 'dfmea',
  numberingModule: 'dfmeaProject',
  templateNumberingModule: 'dfmeaTemplate',
  memberKind: 'design',
  steps: ANALYSIS_STEPS,
  reviewWalk: DESIGN_WALK,
  processModel: false,
  singleItem: false,
  variantType: null,
  collectType: 'project',
  filePrefix: 'DFMEA',
  messages: DESIGN_MESSAGES,
  leftTypes: { default: null, optimization: null },
  readApplyRoute: '/api/message/applyReadProject',
  scoreSupply: { supply: 'dfmeaScoreSupply', defaultDetection: 'dfmeaDefaultDet' },
  createdThrough: null,
} as const;

export const FMEA_KINDS = {
  dfmea: { ...design, type: 'dfmea', labelKey: 'fmea.project_type.dfmea', apTable: 'dfmea' },
  pfmea: {
    type: 'pfmea',
    side: 'pfmea',
    labelKey: 'fmea.project_type.pfmea',
    numberingModule: 'pfmeaProject',
    templateNumberingModule: 'pfmeaTemplate',
    apTable: 'pfmea',
    memberKind: 'process',
    steps: ANALYSIS_STEPS,
    // a PFMEA starts from its process flow chart (the process's block diagram) and ends with the control plan the analysis feeds
    reviewWalk: ['flow', 'structure', 'function', 'failure', 'risk', 'optimization', 'controlPlan'],
    processModel: true,
    singleItem: false,
    variantType: null,
    collectType: 'pfmeaProject',
    filePrefix: 'PFMEA',
    messages: { rejected: '5', released: '5', revoked: '5', task: 'pfmeaTask', rightTypes: null },
    leftTypes: { default: '-1', optimization: '10' },
    readApplyRoute: '/api/message/applyReadPfmeaProject',
    scoreSupply: { supply: 'pfmeaScoreSupply', defaultDetection: 'pfmeaDefaultDet' },
    createdThrough: null,
  },
  family: { ...design, type: 'family', labelKey: 'fmea.project_type.family', apTable: 'dfmea', singleItem: true, variantType: 'dfmea' },
  // FMEA-MSR: its supplementary steps after the DFMEA optimisation, before documentation (as the handbook's MSR form);
  // its DFMEA part rates with the DFMEA table, the MSR steps always with the MSR table (MSR_AP_TABLE, docs/domain/msr.md)
  msr: {
    ...design,
    type: 'msr',
    labelKey: 'fmea.project_type.msr',
    apTable: 'dfmea',
    steps: [...ANALYSIS_STEPS.slice(0, 6), ...MSR_STEPS, 'documentation'],
    // the reviewer walks the MSR steps after the DFMEA's, as the form reads
    reviewWalk: [...DESIGN_WALK, ...MSR_WALK_STEPS],
  },
  /**
   * FMEDA (issue 23): a design-side analysis of one hardware element or safety goal, numbered FM…, whose
   * analysis is its worksheet (fmeda_row) beside the shared header and team; the review walks the worksheet.
   */
  fmeda: {
    ...design,
    type: 'fmeda',
    labelKey: 'fmea.project_type.fmeda',
    numberingModule: 'fmeda',
    apTable: 'dfmea',
    steps: ['planningAndPreparation', ...FMEDA_STEPS],
    reviewWalk: ['worksheet'],
    collectType: 'fmedaProject',
    filePrefix: 'FMEDA',
    // the design side's message codes, without the DFMEA's legacy views (rightType 10–12): its links open the worksheet
    messages: { ...DESIGN_MESSAGES, rightTypes: null },
    createdThrough: '/api/fmeda/create',
  },
  /**
   * DRBFM (issue 25): a design-side review of one change (from an EWO or entered), numbered DR…, whose analysis is
   * its worksheet (drbfm_* tables: changed parts, concerns, actions, review meetings) beside the shared header and
   * team; the review walks the worksheet (tab key `worksheet`, as the FMEDA's). Concerns feed DFMEAs through the
   * closed-loop proposals (docs/domain/drbfm.md).
   */
  drbfm: {
    ...design,
    type: 'drbfm',
    labelKey: 'fmea.project_type.drbfm',
    numberingModule: 'drbfm',
    apTable: 'dfmea',
    steps: ['planningAndPreparation', ...DRBFM_STEPS],
    reviewWalk: ['worksheet'],
    collectType: 'drbfmProject',
    filePrefix: 'DRBFM',
    messages: { ...DESIGN_MESSAGES, rightTypes: null },
    createdThrough: '/api/drbfm/create',
  },
} as const satisfies Record<ProjectType, FmeaKind>;

/** Kinds by type: FMEA_KINDS, or those plus a throwaway kind in a test. */
export type KindTable = Readonly<Record<string, FmeaKind>>;

/** Where a kind's facts are read: the kinds, and the area definitions that open their projects. */
export interface KindWorld {
  readonly kinds?: KindTable;
  readonly areas?: readonly AreaDefinition[];
}

/** The kind of a project type; an unknown type is a programming error. */
export function kindOf(projectType: string, kinds: KindTable = FMEA_KINDS): FmeaKind {
  const kind = Object.hasOwn(kinds, projectType) ? kinds[projectType] : undefined;
  if (!kind) throw new Error(`unknown project type ${projectType}`);
  return kind;
}

/** The kinds of a side, in PROJECT_TYPES order (the design side's template list holds DFMEA, family and MSR). */
export const kindsOfSide = (side: FmeaSide): ProjectType[] => PROJECT_TYPES.filter((type) => FMEA_KINDS[type].side === side);

/** Whether two project types are of the same side (a CLI command of one side refuses the other's projects). */
export const sameSide = (a: string, b: string): boolean => kindOf(a).side === kindOf(b).side;

/** The area serving a project type, from the area definitions (the one whose `projectTypes` holds it). */
function areaOf(projectType: string, areas: readonly AreaDefinition[] = AREAS): AreaDefinition & { projectPage: string } {
  const area = areas.find((a) => (a.projectTypes as readonly string[] | undefined)?.includes(projectType));
  if (!area || !area.projectPage) throw new Error(`no area opens projects of type ${projectType}`);
  return area as AreaDefinition & { projectPage: string };
}

/** The page a project of the type opens on, as a path (`/main/dfmea/dfmeaProject`). */
export const projectPagePath = (projectType: string, world: KindWorld = {}): string => {
  const area = areaOf(projectType, world.areas);
  return `${area.basePath}/${area.projectPage}`;
};

/** Where the workbench opens a project in place: its area's project page, by id. */
export const projectPageLink = (projectType: string, projectId: string, world: KindWorld = {}): string =>
  `${projectPagePath(projectType, world)}?projectId=${encodeURIComponent(projectId)}`;

/**
 * The deep link that opens a project (spec 001 §2: the legacy form
 * `/main/dfmeaProject?type=1&projectId=…`, which messages, tasks and
 * favourites carry and the shell resolves through the area's alias), with
 * the step to open (`rightType`) and the kind's leftType for it.
 */
export function projectLink(projectType: string, projectId: string, options: { step?: string } = {}, world: KindWorld = {}): string {
  const area = areaOf(projectType, world.areas);
  const alias = area.aliases?.find((a) => a.microRoute === area.projectPage);
  const base = alias ? alias.path : `${area.basePath}/${area.projectPage}`;
  const kind = kindOf(projectType, world.kinds);
  let link = `${base}?type=1&projectId=${encodeURIComponent(projectId)}`;
  if (options.step !== undefined) link += `&rightType=${options.step}`;
  if (options.step === 'optimization' && kind.leftTypes.optimization !== null) link += `&leftType=${kind.leftTypes.optimization}`;
  return link;
}

/** What is wrong with kinds and the areas that open them; empty when they hold together (the contract test asserts it). */
export function kindIssues(kinds: KindTable, areas: readonly AreaDefinition[]): string[] {
  const issues: string[] = [];
  const served = areas.flatMap((area) => (area.projectTypes ?? []) as readonly string[]);
  for (const [key, kind] of Object.entries(kinds)) {
    if (kind.type !== key) issues.push(`${key}: recorded under another type's name (${kind.type})`);
    const openers = areas.filter((area) => (area.projectTypes as readonly string[] | undefined)?.includes(key));
    if (openers.length !== 1) issues.push(`${key}: opened by ${openers.length} areas, not one`);
    // what the kind's projects are starred as, and the messages they send, are contributed by the area opening them
    for (const area of openers) {
      if (!(area.contributes?.favourites ?? []).some((f) => f.projects && f.type === kind.collectType)) issues.push(`${key}: its area ${area.id} does not offer ${kind.collectType} as a project favourite`);
      const codes = area.contributes?.messageCodes ?? [];
      for (const code of new Set([kind.messages.rejected, kind.messages.released, kind.messages.revoked, kind.messages.task])) if (!codes.includes(code)) issues.push(`${key}: its area ${area.id} does not open message ${code}`);
    }
    if (new Set(kind.steps).size !== kind.steps.length) issues.push(`${key}: a step is listed twice`);
    if (new Set(kind.reviewWalk).size !== kind.reviewWalk.length || kind.reviewWalk.length === 0) issues.push(`${key}: the review walk is empty or repeats a step`);
    // the flow chart and the control plan are pages of the process model
    for (const step of kind.reviewWalk) if (!kind.processModel && (step === 'flow' || step === 'controlPlan')) issues.push(`${key}: the review walk passes ${step}, which only a process model has`);
    // the MSR tabs are there only where the kind lists the MSR steps
    for (const step of kind.reviewWalk) if (MSR_WALK_STEPS.includes(step) && !kind.steps.includes('msrRiskAnalysis')) issues.push(`${key}: the review walk passes ${step}, which only a kind with the MSR steps has`);
    if (kind.variantType !== null && !Object.hasOwn(kinds, kind.variantType)) issues.push(`${key}: its variants are of an unknown type ${kind.variantType}`);
  }
  for (const type of served) if (!Object.hasOwn(kinds, type)) issues.push(`${type}: an area opens it, but it has no kind record`);
  return issues;
}
