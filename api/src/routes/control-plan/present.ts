import {
  CONTRADICTION_KEYS,
  CONTROL_PLAN_CHECK_KEYS,
  CONTROL_PLAN_COLUMNS,
  columnGroupLabelKey,
  columnLabelKey,
  suspectReasonKey,
  translate,
  type ControlPlanLineView,
  type ControlPlanMark,
  type ControlPlanView,
  type LineContradiction,
  type Locale,
  projectClassNamer,
} from '@fmea/core';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/env.ts';

/**
 * The control plan's answers in the reader's language: every reason,
 * contradiction, check and mark carries its sentence beside its codes, and
 * the columns their headings. Fields are named one by one (no row spread).
 */
/** The project's customer classes by their names in the request's language (a line keeps the Chinese name it was picked by). */
export const classNames = (c: Context<AppEnv>, projectId: string) => projectClassNamer(c.var.services.database.db, projectId, c.var.locale);

const orNone = (text: string) => (text.trim() === '' ? '—' : text.replace(/\n/g, '; '));

function presentContradiction(locale: Locale, c: LineContradiction) {
  return {
    column: c.column,
    message: translate(locale, CONTRADICTION_KEYS[c.column], { text: c.text.replace(/\n/g, '; '), pfmea: orNone(c.pfmeaText) }),
    text: c.text,
    pfmeaText: c.pfmeaText,
    controlIds: [...c.controlIds],
  };
}

/** `className` names a customer's class in the reader's language (core's projectClassNamer). */
export function presentLine(locale: Locale, line: ControlPlanLineView, className: (stored: string) => string = (stored) => stored) {
  return {
    id: line.id,
    version: line.version,
    origin: line.origin,
    sort: line.sort,
    linked: line.linked,
    stepNodeId: line.stepNodeId,
    characteristicId: line.characteristicId,
    characteristicKind: line.characteristicKind,
    characteristicClass: line.characteristicClass,
    planClass: line.planClass,
    processNo: line.processNo,
    processName: line.processName,
    machine: line.machine,
    characteristicNo: line.characteristicNo,
    productCharacteristic: line.productCharacteristic,
    processCharacteristic: line.processCharacteristic,
    specialClass: line.specialClass && className(line.specialClass),
    specification: line.specification,
    evaluationTechnique: line.evaluationTechnique,
    sampleSize: line.sampleSize,
    sampleFrequency: line.sampleFrequency,
    controlMethod: line.controlMethod,
    reactionPlan: line.reactionPlan,
    ownControlMethod: line.ownControlMethod,
    ownEvaluationTechnique: line.ownEvaluationTechnique,
    pfmea: line.pfmea
      ? { prevention: line.pfmea.prevention.map((c) => ({ id: c.id, text: c.text })), detection: line.pfmea.detection.map((c) => ({ id: c.id, text: c.text })), worstDetection: line.pfmea.worstDetection }
      : null,
    suspect: line.suspect,
    reasons: line.reasons.map((r) => ({ code: r.code, message: translate(locale, suspectReasonKey(r.code), { ...r.params }), params: { ...r.params }, by: r.by, byName: r.byName, at: r.at })),
    contradictions: line.contradictions.map((c) => presentContradiction(locale, c)),
    reviewedBy: line.reviewedBy,
    reviewedByName: line.reviewedByName,
    reviewedAt: line.reviewedAt,
    updatedBy: line.updatedBy,
    updatedAt: line.updatedAt,
  };
}

export function presentMark(locale: Locale, mark: ControlPlanMark) {
  const { message } = presentContradiction(locale, mark);
  return {
    phase: mark.phase,
    lineId: mark.lineId,
    stepNodeId: mark.stepNodeId,
    characteristicId: mark.characteristicId,
    column: mark.column,
    text: mark.text,
    pfmeaText: mark.pfmeaText,
    controlIds: [...mark.controlIds],
    message,
  };
}

const GROUP_OF = new Map(CONTROL_PLAN_COLUMNS.map((c) => [c.key, 'group' in c ? c.group : null]));

export function presentPlan(locale: Locale, view: ControlPlanView, className?: (stored: string) => string) {
  const { checks } = view;
  return {
    plan: { ...view.plan, header: { ...view.plan.header } },
    columns: view.columns.map((key) => {
      const group = GROUP_OF.get(key) ?? null;
      return { key, label: translate(locale, columnLabelKey(key)), group, groupLabel: group ? translate(locale, columnGroupLabelKey(group)) : null };
    }),
    lines: view.lines.map((l) => presentLine(locale, l, className)),
    marks: view.marks.map((m) => presentMark(locale, m)),
    checks: {
      missingLines: checks.missingLines.map((m) => ({
        characteristicId: m.characteristicId,
        stepNodeId: m.stepNodeId,
        processNo: m.processNo,
        stepName: m.stepName,
        name: m.name,
        planClass: m.planClass,
        message: translate(locale, CONTROL_PLAN_CHECK_KEYS.missingLine, { planClass: m.planClass, name: m.name, processNo: m.processNo ?? '', stepName: m.stepName }),
      })),
      untraced: checks.untraced.map((u) => ({ lineId: u.lineId, reason: u.reason, message: translate(locale, CONTROL_PLAN_CHECK_KEYS.untraced, { reason: u.reason }) })),
      weakDetections: checks.weakDetections.map((w) => ({
        characteristicId: w.characteristicId,
        name: w.name,
        causeId: w.causeId,
        detection: w.detection,
        controls: w.controls.map((c) => ({ id: c.id, text: c.text })),
        lineId: w.lineId,
        message: translate(locale, CONTROL_PLAN_CHECK_KEYS.weakDetection, { name: w.name, detection: w.detection, controls: orNone(w.controls.map((c) => `“${c.text}”`).join(', ')) }),
      })),
    },
    counts: { ...view.counts },
  };
}
