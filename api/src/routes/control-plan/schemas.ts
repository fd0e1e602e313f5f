import { z } from '@hono/zod-openapi';
import {
  CHARACTERISTIC_CLASSES,
  CHARACTERISTIC_KINDS,
  CONTRADICTION_COLUMNS,
  CONTROL_PLAN_COLUMN_KEYS,
  CONTROL_PLAN_HEADER_FIELDS,
  CONTROL_PLAN_LINE_ORIGINS,
  CONTROL_PLAN_PHASES,
  SUSPECT_REASON_CODES,
  UNTRACED_REASONS,
  type ControlPlanHeaderField,
} from '@fmea/core';
import { DateTime, Id, Text } from '../../http/fields.ts';

/**
 * The control plan's request and answer shapes (spec 001 §3 control plan
 * columns, the AIAG form). Every answer field is described: the workbench's
 * grid is built against these schemas.
 */
export const Phase = z.enum(CONTROL_PLAN_PHASES).openapi({ description: 'The control plan phase (AIAG): prototype, prelaunch or production' });
export const Version = z.number().int().min(0).openapi({ description: 'The version the client read; a different current one answers 409 and nothing is written' });
const LineText = Text.nullable().optional();

const text = (description: string) => z.string().openapi({ description });
const nullableText = (description: string) => z.string().nullable().openapi({ description });

/** The body columns, each with what a line shows in it. */
const COLUMN_DESCRIPTIONS: Record<(typeof CONTROL_PLAN_COLUMN_KEYS)[number], string> = {
  processNo: 'Part/process number: the PFMEA step’s number for a linked line, else the line’s own',
  processName: 'Process name/operation description: the PFMEA step’s name for a linked line, else the line’s own',
  machine: 'Machine, device, jig, tools: the step’s 4M machine work elements (the one a process characteristic sits on) for a linked line, one per line; else the line’s own',
  characteristicNo: 'Characteristic number (cross reference): the line’s own (generation numbers new lines 1, 2, 3 …)',
  productCharacteristic: 'Product characteristic: the PFMEA characteristic’s name when it is a product characteristic (linked), else the line’s own; empty when none',
  processCharacteristic: 'Process characteristic: the PFMEA characteristic’s name when it is a process characteristic (linked), else the line’s own; empty when none',
  specialClass: 'Special characteristic class: the customer’s own class, else CC (safety, critical) or SC (significant, or special) for a linked line; else the line’s own',
  specification: 'Product/process specification/tolerance: the line’s own',
  evaluationTechnique: 'Evaluation/measurement technique: the line’s own text when it has one, else the PFMEA’s detection controls of the characteristic’s causes, one per line',
  sampleSize: 'Sample size: the line’s own',
  sampleFrequency: 'Sample frequency: the line’s own',
  controlMethod: 'Control method: the line’s own text when it has one, else the PFMEA’s prevention controls of the characteristic’s causes, one per line',
  reactionPlan: 'Reaction plan: the line’s own',
};

const ControlRef = z.strictObject({ id: z.string().openapi({ description: 'The PFMEA control (fmea_control id)' }), text: text('Its description') });

export const ReasonSchema = z
  .strictObject({
    code: z.enum(SUSPECT_REASON_CODES).openapi({ description: 'What changed in the PFMEA since the line’s basis' }),
    message: text('The reason in the reader’s language'),
    params: z
      .strictObject({
        from: z.union([z.string(), z.number()]).optional().openapi({ description: 'The value before (a number, a name, a class code, a D; – for none)' }),
        to: z.union([z.string(), z.number()]).optional().openapi({ description: 'The value now' }),
        name: z.string().optional().openapi({ description: 'The step or characteristic named' }),
        processNo: z.string().optional().openapi({ description: 'A deleted step’s number' }),
        kind: z.enum(['prevention', 'detection']).optional().openapi({ description: 'The control’s kind' }),
        text: z.string().optional().openapi({ description: 'The control’s text' }),
        special: z.enum(['yes', 'no']).optional().openapi({ description: 'Whether the characteristic is special now' }),
      })
      .openapi({ description: 'The reason’s values, by code: step_number_changed/step_renamed/characteristic_renamed from, to; class_changed and customer_class_changed name, from, to; special_changed name, special; step_deleted processNo, name; characteristic_deleted name; control_added/control_removed kind, text; control_changed kind, from, to; detection_changed from, to' }),
    by: nullableText('Who changed the PFMEA row (user id), when known'),
    byName: nullableText('Their name'),
    at: DateTime.nullable().openapi({ description: 'When, when known' }),
  })
  .openapi('ControlPlanSuspectReason');

export const ContradictionSchema = z
  .strictObject({
    column: z.enum(CONTRADICTION_COLUMNS).openapi({ description: 'The control plan column that says something else: controlMethod (against the prevention controls) or evaluationTechnique (detection controls)' }),
    message: text('The contradiction in the reader’s language'),
    text: text('What the control plan says'),
    pfmeaText: text('What the PFMEA says: its controls of the kind, one per line (empty: none)'),
    controlIds: z.array(z.string()).openapi({ description: 'The PFMEA controls contradicted' }),
  })
  .openapi('ControlPlanContradiction');

export const LineSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int().openapi({ description: 'Send it back with saveLine, deleteLine, reviewLine' }),
    origin: z.enum(CONTROL_PLAN_LINE_ORIGINS).openapi({ description: 'generated from the PFMEA, manual (added by hand) or imported from a workbook' }),
    sort: z.number().int().openapi({ description: 'Position in the plan (lines are answered in this order)' }),
    linked: z.boolean().openapi({ description: 'The line points at the PFMEA (it has a basis): step, machine, characteristic and class are the PFMEA’s and cannot be edited here' }),
    stepNodeId: nullableText('The PFMEA process step (structure node) the line points at; null when not linked or the step was deleted'),
    characteristicId: nullableText('The PFMEA characteristic the line points at; null when not linked or the characteristic was deleted'),
    characteristicKind: z.enum(CHARACTERISTIC_KINDS).nullable().openapi({ description: 'product or process, for a linked line' }),
    characteristicClass: z.enum(CHARACTERISTIC_CLASSES).nullable().openapi({ description: 'The PFMEA class of a linked line’s characteristic (safety, critical, significant, general)' }),
    planClass: z.enum(['CC', 'SC']).nullable().openapi({ description: 'CC (safety, critical) or SC (significant, or special) for a linked line; null otherwise' }),
    ...(Object.fromEntries(CONTROL_PLAN_COLUMN_KEYS.map((key) => [key, text(COLUMN_DESCRIPTIONS[key])])) as Record<(typeof CONTROL_PLAN_COLUMN_KEYS)[number], z.ZodString>),
    ownControlMethod: nullableText('A linked line’s own control method (a contradiction of the PFMEA when it differs); null: the line follows the PFMEA'),
    ownEvaluationTechnique: nullableText('A linked line’s own evaluation technique; null: the line follows the PFMEA'),
    pfmea: z
      .strictObject({
        prevention: z.array(ControlRef).openapi({ description: 'The prevention controls of the characteristic’s causes' }),
        detection: z.array(ControlRef).openapi({ description: 'The detection controls of the characteristic’s causes' }),
        worstDetection: z.number().int().nullable().openapi({ description: 'The highest D of those causes' }),
      })
      .nullable()
      .openapi({ description: 'What the PFMEA says now, for a line that points at a characteristic still there' }),
    suspect: z.boolean().openapi({ description: 'The PFMEA changed since the line’s basis: review it (reviewLine) to accept' }),
    reasons: z.array(ReasonSchema).openapi({ description: 'Why the line is suspect' }),
    contradictions: z.array(ContradictionSchema).openapi({ description: 'Where the line’s own texts contradict the PFMEA (the reverse mark)' }),
    reviewedBy: nullableText('Who last reviewed the line (user id)'),
    reviewedByName: nullableText('Their name'),
    reviewedAt: DateTime.nullable().openapi({ description: 'When' }),
    updatedBy: nullableText('Who last changed the line (user id)'),
    updatedAt: DateTime.openapi({ description: 'When' }),
  })
  .openapi('ControlPlanLine');

export const HeaderSchema = z
  .strictObject(Object.fromEntries(CONTROL_PLAN_HEADER_FIELDS.map((f) => [f, z.string().optional()])) as Record<ControlPlanHeaderField, z.ZodOptional<z.ZodString>>)
  .openapi('ControlPlanHeader', {
    description:
      'The AIAG header block: control plan number, key contact and phone, part number and latest change level, original date, part name/description, core team, revision date, organization/plant, supplier code, and the approvals with their dates (YYYY-MM-DD). Absent fields are empty.',
  });

export const HeaderInput = z
  .object(Object.fromEntries(CONTROL_PLAN_HEADER_FIELDS.map((f) => [f, Text.nullable().optional()])) as Record<ControlPlanHeaderField, z.ZodOptional<z.ZodNullable<typeof Text>>>)
  .openapi({ description: 'Header fields to change; absent ones stay, blank or null clears one. Dates as YYYY-MM-DD.' });

export const ChecksSchema = z
  .strictObject({
    missingLines: z
      .array(
        z.strictObject({
          characteristicId: z.string(),
          stepNodeId: z.string(),
          processNo: nullableText('The step’s number'),
          stepName: text('The step’s name'),
          name: text('The characteristic'),
          planClass: z.enum(['CC', 'SC']),
          message: text('The finding in the reader’s language'),
        }),
      )
      .openapi({ description: 'CC and SC characteristics of the PFMEA without a line in this plan (generate adds them)' }),
    untraced: z
      .array(
        z.strictObject({
          lineId: z.string(),
          reason: z.enum(UNTRACED_REASONS).openapi({ description: 'unlinked (never pointed at the PFMEA), stepMissing or characteristicMissing (deleted since)' }),
          message: text('The finding in the reader’s language'),
        }),
      )
      .openapi({ description: 'Lines that do not trace to the PFMEA' }),
    weakDetections: z
      .array(
        z.strictObject({
          characteristicId: z.string(),
          name: text('The CC characteristic'),
          causeId: z.string().openapi({ description: 'The cause rated D ≥ 7' }),
          detection: z.number().int(),
          controls: z.array(ControlRef).openapi({ description: 'The cause’s detection controls (empty: it has none)' }),
          lineId: nullableText('The plan’s line of the characteristic, when it has one'),
          message: text('The finding in the reader’s language'),
        }),
      )
      .openapi({ description: 'Detection rated D ≥ 7 on a CC characteristic' }),
  })
  .openapi('ControlPlanChecks');

export const MarkSchema = z
  .strictObject({
    phase: Phase,
    lineId: z.string(),
    stepNodeId: z.string().nullable(),
    characteristicId: z.string().openapi({ description: 'The PFMEA characteristic the line contradicts' }),
    column: z.enum(CONTRADICTION_COLUMNS),
    text: text('What the control plan says'),
    pfmeaText: text('What the PFMEA says (its controls of the kind, one per line)'),
    controlIds: z.array(z.string()).openapi({ description: 'The PFMEA controls the line contradicts' }),
    message: text('The mark in the reader’s language'),
  })
  .openapi('ControlPlanMark');

export const ColumnSchema = z.strictObject({
  key: z.enum(CONTROL_PLAN_COLUMN_KEYS).openapi({ description: 'The line field of the column' }),
  label: text('Its heading in the reader’s language'),
  group: z.enum(['characteristics', 'methods']).nullable().openapi({ description: 'The heading it stands under on the form' }),
  groupLabel: nullableText('That heading in the reader’s language'),
});

export const PlanViewSchema = z
  .strictObject({
    plan: z.strictObject({
      id: z.string().nullable().openapi({ description: 'null until someone who may edit opens, generates or saves the plan of this phase' }),
      projectId: z.string(),
      phase: Phase,
      header: HeaderSchema,
      version: z.number().int().openapi({ description: 'Send it back with saveHeader (0: the plan does not exist yet)' }),
      updatedBy: z.string().nullable(),
      updatedAt: DateTime.nullable(),
    }),
    columns: z.array(ColumnSchema).openapi({ description: 'The body columns the business rule “control plan template” shows, in the AIAG manual’s order' }),
    lines: z.array(LineSchema),
    marks: z.array(MarkSchema).openapi({ description: 'What this plan’s lines contradict in the PFMEA' }),
    checks: ChecksSchema,
    counts: z.strictObject({ lines: z.number().int(), suspect: z.number().int(), contradictions: z.number().int() }).openapi({ description: 'Lines, suspect lines, lines with a contradiction' }),
  })
  .openapi('ControlPlanView');

/** The texts a line may carry (≤ 200 each; blank or null clears one). */
export const LineTexts = {
  processNo: LineText,
  processName: LineText,
  machine: LineText,
  characteristicNo: LineText,
  productCharacteristic: LineText,
  processCharacteristic: LineText,
  specialClass: LineText,
  specification: LineText,
  evaluationTechnique: LineText,
  sampleSize: LineText,
  sampleFrequency: LineText,
  controlMethod: LineText,
  reactionPlan: LineText,
};

export const ProjectPhaseQuery = z.object({ projectId: Id, phase: Phase.default('production'), timestamp: z.string().max(40).optional() });
