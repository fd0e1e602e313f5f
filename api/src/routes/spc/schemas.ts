import { MEASUREMENT_SOURCES, STUDY_CHARTS, STUDY_RUN_RULES, type SpcStudyView, type StudySummary } from '@fmea/core';
import { DateTime, Id, iso } from '../../http/fields.ts';
import { z } from '../../http/route.ts';

/**
 * The SPC area's shapes (issue 25; docs/domain/spc.md, "The SPC work area"). The schema checks the shape;
 * core checks the content (chart and subgroup size, limits in order, each measurement row) and names each
 * problem in the reader's language.
 */
export const TAG = 'spc';

export const StudyKey = Id.openapi({ description: 'The study: its id or its number (SP…)' });
export const Version = z.number().int().min(1).openapi({ description: 'The version as read (a stale one is 409 spc.stale)' });
export const Limit = z.number().nullable().optional();
const Rules = z.array(z.number().int()).max(8);

export const StudyFields = {
  name: z.string().trim().max(200).optional(),
  chart: z.enum(STUDY_CHARTS).openapi({ description: 'xbar-r, xbar-s, i-mr (variables), p, np, c, u (attributes)' }),
  subgroupSize: z.number().int().openapi({ description: 'I-MR and attribute charts: 1; X̄-R and X̄-S: 2–25 (checked by core)' }),
  lsl: Limit.openapi({ description: 'Absent: read from the control plan line’s specification; null: none' }),
  usl: Limit.openapi({ description: 'Absent: read from the specification; null: none' }),
  target: Limit.openapi({ description: 'Absent: read from the specification; null: none' }),
  rules: Rules.optional().openapi({ description: `Nelson's rules (${STUDY_RUN_RULES.join(', ')}) on the primary chart; default 1, 2, 5, 6` }),
  secondaryRules: Rules.optional().openapi({ description: 'On the range / S / MR chart; default 1' }),
};

const Frozen = z
  .strictObject({
    center: z.number(),
    lcl: z.number().nullable(),
    ucl: z.number().nullable(),
    sigma: z.number().nullable(),
    secondary: z.strictObject({ center: z.number().nullable(), lcl: z.number().nullable(), ucl: z.number().nullable() }).nullable(),
    through: z.number().int().openapi({ description: 'The last measurement (sequence) of phase I' }),
    at: DateTime,
    byName: z.string().nullable(),
  })
  .openapi('SpcFrozenLimits');

const summaryFields = {
  id: z.string(),
  studyNum: z.string(),
  projectId: z.string(),
  projectSerial: z.string(),
  projectName: z.string(),
  projectType: z.string().openapi({ description: 'The PFMEA project’s type (its page: projectLink)' }),
  lineId: z.string().nullable(),
  characteristicId: z.string().nullable(),
  name: z.string(),
  chart: z.enum(STUDY_CHARTS),
  subgroupSize: z.number().int(),
  specification: z.string().nullable(),
  lsl: z.number().nullable(),
  usl: z.number().nullable(),
  target: z.number().nullable(),
  rules: z.array(z.number().int()),
  secondaryRules: z.array(z.number().int()),
  frozen: Frozen.nullable(),
  problemId: z.string().nullable(),
  problemNum: z.string().nullable(),
  version: z.number().int(),
  createTime: DateTime,
  updateTime: DateTime,
};
export const SummarySchema = z.strictObject(summaryFields).openapi('SpcStudySummary');
export const StudySchema = z
  .strictObject({
    ...summaryFields,
    measurements: z.number().int(),
    subgroups: z.number().int(),
    can: z.strictObject({ edit: z.boolean(), del: z.boolean(), import: z.boolean() }),
  })
  .openapi('SpcStudy');

const finite = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function presentSummary({ study: s, projectSerial, projectName, projectType }: StudySummary): z.output<typeof SummarySchema> {
  return {
    id: s.id,
    studyNum: s.studyNum,
    projectId: s.projectId,
    projectSerial,
    projectName,
    projectType,
    lineId: s.lineId,
    characteristicId: s.characteristicId,
    name: s.name,
    chart: s.chart,
    subgroupSize: s.subgroupSize,
    specification: s.specification,
    lsl: s.lsl,
    usl: s.usl,
    target: s.target,
    rules: s.rules,
    secondaryRules: s.secondaryRules,
    frozen:
      s.frozenLimits && s.frozenAt && s.frozenThrough !== null
        ? {
            center: s.frozenLimits.center,
            lcl: finite(s.frozenLimits.lcl),
            ucl: finite(s.frozenLimits.ucl),
            sigma: finite(s.frozenLimits.sigma),
            secondary: s.frozenLimits.secondary ? { center: finite(s.frozenLimits.secondary.center), lcl: finite(s.frozenLimits.secondary.lcl), ucl: finite(s.frozenLimits.secondary.ucl) } : null,
            through: s.frozenThrough,
            at: iso(s.frozenAt)!,
            byName: s.frozenByName,
          }
        : null,
    problemId: s.problemId,
    problemNum: s.problemNum,
    version: s.version,
    createTime: iso(s.createdAt)!,
    updateTime: iso(s.updatedAt)!,
  };
}

export function presentStudy(view: SpcStudyView): z.output<typeof StudySchema> {
  return { ...presentSummary(view), measurements: view.measurements, subgroups: view.subgroups, can: view.can };
}

/** One measurement in a request: variables charts give value, attribute charts count and size. */
export const MeasurementIn = z
  .object({
    subgroup: z.string().max(100),
    value: z.number().nullable().optional(),
    count: z.number().nullable().optional(),
    size: z.number().nullable().optional(),
    measuredAt: z.iso.datetime({ offset: true }).optional().openapi({ description: 'ISO 8601; absent: when the server receives it' }),
  })
  .openapi('SpcMeasurementIn');

export const MEASUREMENT_POST_MAX = 5000;

export const AddedSchema = z.strictObject({ added: z.number().int(), firstSeq: z.number().int(), lastSeq: z.number().int() }).openapi('SpcMeasurementsAdded');

export const MeasurementSchema = z
  .strictObject({
    seq: z.number().int(),
    subgroup: z.string(),
    value: z.number().nullable(),
    count: z.number().nullable(),
    size: z.number().nullable(),
    measuredAt: DateTime,
    source: z.enum(MEASUREMENT_SOURCES),
  })
  .openapi('SpcMeasurement');
