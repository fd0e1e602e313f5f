import { DVP_CONTROL_STATUSES, DVP_PLAN_STATES, DVP_RESULTS, DVP_STAGES, type DvpPlanSummary, type DvpPlanView } from '@fmea/core';
import { DateTime, Id, iso } from '../../http/fields.ts';
import { z } from '../../http/route.ts';

/**
 * The DVP&R area's shapes (issue 25; docs/domain/dvp.md). The schema checks the shape; core checks the content
 * (names, quantities, dates, who is named, which controls) and names each problem in the reader's language.
 */
export const TAG = 'dvp';

export const PlanKey = Id.openapi({ description: 'The plan: its id or its number (DP…)' });
export const Version = z.number().int().min(1).openapi({ description: 'The version as read (a stale one is 409 dvp.stale)' });
const DateText = z.string().max(40).nullable().optional().openapi({ description: 'YYYY-MM-DD (a real date; checked by core)' });
const Short = z.string().max(200).nullable().optional();
const Quantity = z.number().int().nullable().optional().openapi({ description: 'A whole number 1–100000 (checked by core)' });

export const TestFields = {
  name: z.string().max(200).optional(),
  classification: Short,
  analysisProject: Short,
  dimensionChainLevel: Short,
  calculationMethod: Short,
  standardRecordId: Id.nullable().optional().openapi({ description: 'A DVP standard of the catalog (dvp_standard): its name and test project fill the test standard, its quantity and classification the empty ones' }),
  testStandard: Short,
  testQuantity: Quantity,
  testItem: Short,
  acceptanceCriteria: z.string().max(2000).nullable().optional(),
  testStage: z.enum(DVP_STAGES).nullable().optional(),
  responsibleUserId: Id.nullable().optional().openapi({ description: 'A user who may open the DFMEA; told by a message (code dvp) opening the plan at the test' }),
  plannedStart: DateText,
  plannedEnd: DateText,
  actualStart: DateText,
  actualEnd: DateText,
  sampleQuantity: Quantity,
  reportFileId: Id.nullable().optional().openapi({ description: 'A file the caller uploaded (kind attachment or largeAttachment); then served to the plan’s readers' }),
  controlIds: z.array(Id).max(200).optional().openapi({ description: 'The DFMEA detection controls the test proves (replaces the links)' }),
};

const Coverage = z.strictObject({ controls: z.number().int(), tested: z.number().int(), qualified: z.number().int(), unqualified: z.number().int(), open: z.number().int() }).openapi('DvpCoverage');

const summaryFields = {
  id: z.string(),
  dvpNum: z.string(),
  name: z.string(),
  status: z.enum(DVP_PLAN_STATES),
  projectId: z.string(),
  projectNum: z.string(),
  projectName: z.string(),
  tests: z.number().int(),
  coverage: Coverage,
  creatorName: z.string().nullable(),
  updateTime: DateTime,
  version: z.number().int(),
};
export const SummarySchema = z.strictObject(summaryFields).openapi('DvpPlanSummary');

export const TestSchema = z
  .strictObject({
    id: z.string(),
    testNum: z.string(),
    name: z.string(),
    classification: z.string().nullable(),
    analysisProject: z.string().nullable(),
    dimensionChainLevel: z.string().nullable(),
    calculationMethod: z.string().nullable(),
    standardRecordId: z.string().nullable(),
    testStandard: z.string().nullable(),
    testQuantity: z.number().int().nullable(),
    testItem: z.string().nullable(),
    acceptanceCriteria: z.string().nullable(),
    testStage: z.enum(DVP_STAGES).nullable(),
    responsibleUserId: z.string().nullable(),
    responsibleName: z.string().nullable(),
    plannedStart: z.string().nullable(),
    plannedEnd: z.string().nullable(),
    actualStart: z.string().nullable(),
    actualEnd: z.string().nullable(),
    sampleQuantity: z.number().int().nullable(),
    result: z.enum(DVP_RESULTS).nullable().openapi({ description: 'null: not yet tested' }),
    resultNote: z.string().nullable(),
    resultByName: z.string().nullable(),
    resultTime: DateTime.nullable(),
    report: z.strictObject({ fileId: z.string(), name: z.string() }).nullable(),
    controlIds: z.array(z.string()),
    version: z.number().int(),
  })
  .openapi('DvpTest');

export const ControlSchema = z
  .strictObject({
    id: z.string(),
    description: z.string(),
    causeId: z.string(),
    causeText: z.string(),
    modeText: z.string().nullable(),
    status: z.enum(DVP_CONTROL_STATUSES),
    testIds: z.array(z.string()),
  })
  .openapi('DvpControl');

export const PlanSchema = z
  .strictObject({ ...summaryFields, projectType: z.string(), canEdit: z.boolean(), testRows: z.array(TestSchema), controls: z.array(ControlSchema) })
  .openapi('DvpPlan');

const summaryOf = ({ updatedAt, ...s }: DvpPlanSummary) => ({
  id: s.id,
  dvpNum: s.dvpNum,
  name: s.name,
  status: s.status,
  projectId: s.projectId,
  projectNum: s.projectNum,
  projectName: s.projectName,
  tests: s.tests,
  coverage: s.coverage,
  creatorName: s.creatorName,
  updateTime: iso(updatedAt)!,
  version: s.version,
});

export const presentSummary = (row: DvpPlanSummary) => summaryOf(row);

export const presentPlan = ({ testRows, controls, projectType, canEdit, ...summary }: DvpPlanView) => ({
  ...summaryOf(summary),
  projectType,
  canEdit,
  testRows: testRows.map(({ resultAt, ...t }) => ({ ...t, resultTime: iso(resultAt) })),
  controls,
});
