import type { SheetColumn } from '../../shared/xlsx.ts';

/**
 * The flat chain sheet (sheet 2 of the DFMEA workbook): one row per failure
 * chain, every structure item named by a stable key of the file (N1, F1, E1,
 * M1, C1 in grid order; '@root' is the product), lists (controls, actions)
 * one item per line. It carries everything the import needs, so the
 * workbook round-trips. The first header is the one written; the others are
 * accepted on import.
 */
export const FLAT_COLUMNS = [
  { key: 'chain', headers: ['chain', '链'] },
  { key: 'effectElementKey', headers: ['effectElementKey'] },
  { key: 'effectElementParentKey', headers: ['effectElementParentKey'] },
  { key: 'effectElement', headers: ['effectElement', '上一较高级别'] },
  { key: 'effectFunctionKey', headers: ['effectFunctionKey'] },
  { key: 'effectFunction', headers: ['effectFunction', '上一较高级别功能'] },
  { key: 'effectRequirement', headers: ['effectRequirement'] },
  { key: 'effectKey', headers: ['effectKey'] },
  { key: 'effect', headers: ['effect', '失效影响'] },
  { key: 'severity', headers: ['S', 'severity'] },
  { key: 'elementKey', headers: ['elementKey'], required: true },
  { key: 'elementParentKey', headers: ['elementParentKey'] },
  { key: 'element', headers: ['element', '关注要素'] },
  { key: 'functionKey', headers: ['functionKey'], required: true },
  { key: 'function', headers: ['function', '关注要素功能'] },
  { key: 'requirement', headers: ['requirement', '要求'] },
  { key: 'modeKey', headers: ['modeKey'], required: true },
  { key: 'mode', headers: ['mode', '失效模式'] },
  { key: 'modeCharacteristics', headers: ['modeCharacteristics'] },
  { key: 'causeElementKey', headers: ['causeElementKey'] },
  { key: 'causeElementParentKey', headers: ['causeElementParentKey'] },
  { key: 'causeElement', headers: ['causeElement', '下一较低级别'] },
  { key: 'causeFunctionKey', headers: ['causeFunctionKey'] },
  { key: 'causeFunction', headers: ['causeFunction', '下一较低级别功能'] },
  { key: 'causeRequirement', headers: ['causeRequirement'] },
  { key: 'causeKey', headers: ['causeKey'] },
  { key: 'cause', headers: ['cause', '失效起因'] },
  { key: 'causeCharacteristics', headers: ['causeCharacteristics'] },
  { key: 'preventionControls', headers: ['preventionControls', '预防控制'] },
  { key: 'occurrence', headers: ['O', 'occurrence'] },
  { key: 'detectionControls', headers: ['detectionControls', '探测控制'] },
  { key: 'detection', headers: ['D', 'detection'] },
  { key: 'ap', headers: ['AP'] },
  { key: 'rpn', headers: ['RPN'] },
  { key: 'actionKinds', headers: ['actionKinds'] },
  { key: 'actions', headers: ['actions', '措施'] },
  { key: 'actionResponsible', headers: ['actionResponsible'] },
  { key: 'actionTargetDates', headers: ['actionTargetDates'] },
  { key: 'actionStatuses', headers: ['actionStatuses'] },
  { key: 'actionsTaken', headers: ['actionsTaken'] },
  { key: 'actionEvidence', headers: ['actionEvidence'] },
  { key: 'actionCompletionDates', headers: ['actionCompletionDates'] },
  { key: 'actionRaSeverity', headers: ['actionRaSeverity'] },
  { key: 'actionRaOccurrence', headers: ['actionRaOccurrence'] },
  { key: 'actionRaDetection', headers: ['actionRaDetection'] },
] as const satisfies readonly SheetColumn[];

export type FlatKey = (typeof FLAT_COLUMNS)[number]['key'];
export type FlatRow = Record<FlatKey, string>;

/** A legacy AIAG 4th-edition DFMEA sheet; headers in English or Chinese, matched loosely (case, spaces). */
export const LEGACY_COLUMNS = [
  { key: 'item', headers: ['item/function', 'item / function', 'item', 'function', '项目/功能', '项目', '功能', '零件/功能'], required: true },
  { key: 'mode', headers: ['potential failure mode', 'failure mode', '潜在失效模式', '失效模式'], required: true },
  { key: 'effects', headers: ['potential effect(s) of failure', 'potential effects of failure', 'effects', 'effect', 'failure effects', '潜在失效后果', '失效后果'] },
  { key: 'severity', headers: ['s', 'sev', 'severity', '严重度', '严重度s'] },
  { key: 'class', headers: ['class', 'classification', '级别', '分类'] },
  { key: 'causes', headers: ['potential cause(s) of failure', 'potential causes of failure', 'causes', 'cause', 'potential cause(s)/mechanism(s) of failure', '潜在失效起因/机理', '潜在失效起因', '失效起因'] },
  { key: 'prevention', headers: ['current design controls prevention', 'current design controls - prevention', 'prevention controls', 'prevention', '现行设计控制预防', '现行预防控制', '预防控制'] },
  { key: 'occurrence', headers: ['o', 'occ', 'occurrence', '频度', '频度o'] },
  { key: 'detection', headers: ['current design controls detection', 'current design controls - detection', 'detection controls', 'detection control', '现行设计控制探测', '现行探测控制', '探测控制'] },
  { key: 'detectionRating', headers: ['d', 'det', '探测度', '探测度d'] },
  { key: 'rpn', headers: ['rpn', 'r.p.n.', '风险顺序数'] },
  { key: 'recommended', headers: ['recommended action(s)', 'recommended actions', 'recommended action', '建议措施'] },
  { key: 'responsibility', headers: ['responsibility & target completion date', 'responsibility and target completion date', 'responsibility & date', 'responsibility', '责任及目标完成日期', '责任和目标完成日期', '责任人'] },
  { key: 'taken', headers: ['actions taken', 'action taken', 'actions taken & completion date', '采取的措施', '采取的措施和完成日期', '已采取措施'] },
  { key: 'newSeverity', headers: ['new s', 'new sev', 's (new)', '新严重度', '新s'] },
  { key: 'newOccurrence', headers: ['new o', 'new occ', 'o (new)', '新频度', '新o'] },
  { key: 'newDetection', headers: ['new d', 'new det', 'd (new)', '新探测度', '新d'] },
  { key: 'newRpn', headers: ['new rpn', 'rpn (new)', '新rpn', '新风险顺序数'] },
] as const satisfies readonly SheetColumn[];

export type LegacyKey = (typeof LEGACY_COLUMNS)[number]['key'];
export type LegacyRow = Record<LegacyKey, string>;

/** Form sheet (sheet 1): step headings and the columns under them, handbook order. */
export const FORM_STEPS = [
  { key: 'fmeaExcel.form.step2', span: 3 },
  { key: 'fmeaExcel.form.step3', span: 3 },
  { key: 'fmeaExcel.form.step4', span: 4 },
  { key: 'fmeaExcel.form.step5', span: 6 },
  { key: 'fmeaExcel.form.step6', span: 11 },
] as const;

export const FORM_COLUMNS = [
  { key: 'higherElement', width: 18 },
  { key: 'focusElement', width: 18 },
  { key: 'lowerElement', width: 18 },
  { key: 'higherFunction', width: 24 },
  { key: 'focusFunction', width: 24 },
  { key: 'lowerFunction', width: 24 },
  { key: 'effect', width: 26 },
  { key: 'severity', width: 5 },
  { key: 'mode', width: 26 },
  { key: 'cause', width: 26 },
  { key: 'prevention', width: 26 },
  { key: 'occurrence', width: 5 },
  { key: 'detectionControl', width: 26 },
  { key: 'detection', width: 5 },
  { key: 'ap', width: 5 },
  { key: 'special', width: 10 },
  { key: 'preventionAction', width: 26 },
  { key: 'detectionAction', width: 26 },
  { key: 'responsible', width: 14 },
  { key: 'targetDate', width: 12 },
  { key: 'status', width: 14 },
  { key: 'actionTaken', width: 30 },
  { key: 'completionDate', width: 12 },
  { key: 'raSeverity', width: 5 },
  { key: 'raOccurrence', width: 5 },
  { key: 'raDetection', width: 5 },
  { key: 'raAp', width: 5 },
] as const;

export type FormKey = (typeof FORM_COLUMNS)[number]['key'];

/** Header block of the form: label key, the value's field. */
export const HEADER_FIELDS = ['company', 'serialNum', 'name', 'customer', 'responsible', 'confidentiality', 'startDate', 'revisionDate', 'team'] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];
