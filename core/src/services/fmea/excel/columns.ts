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

/**
 * The PFMEA's chain sheet: the DFMEA's columns with the process fields of the
 * chain's items beside the item they belong to — the effect function's scope
 * (your plant, ship-to plant, end user), the focus element's process step
 * number and the cause element's 4M type, as codes. A DFMEA import does not
 * know them (listed as unmapped).
 */
const PFMEA_FLAT_EXTRA = {
  effectFunction: [{ key: 'effectFunctionScope', headers: ['effectFunctionScope'] }],
  elementParentKey: [{ key: 'processNo', headers: ['processNo'] }],
  causeElement: [{ key: 'causeWorkElementType', headers: ['causeWorkElementType'] }],
} as const satisfies Partial<Record<(typeof FLAT_COLUMNS)[number]['key'], readonly SheetColumn[]>>;

type ProcessFlatKey = (typeof PFMEA_FLAT_EXTRA)[keyof typeof PFMEA_FLAT_EXTRA][number]['key'];
export const PFMEA_FLAT_COLUMNS: readonly SheetColumn<FlatKey>[] = FLAT_COLUMNS.flatMap((c) => [c, ...((PFMEA_FLAT_EXTRA as Partial<Record<string, readonly SheetColumn<ProcessFlatKey>[]>>)[c.key] ?? [])]);

export type FlatKey = (typeof FLAT_COLUMNS)[number]['key'] | ProcessFlatKey;
export type FlatRow = Record<FlatKey, string>;

/**
 * A legacy AIAG 4th-edition DFMEA sheet, in the form's column order (the
 * first header is the one written). Headers match once normalised (case,
 * spaces, punctuation, line breaks and full-width characters ignored: see
 * `normHeader`), then by LEGACY_PATTERNS; a group heading joins its
 * sub-heading ("Current Design Controls" + "Prevention"). `rpn`, `newRpn`
 * and `rowNumber` are read and left out: the engine computes them.
 */
export const LEGACY_COLUMNS = [
  { key: 'rowNumber', headers: ['No.', 'no', 'nr', 'seq', 'item no.', 'line', '序号', '行号'] },
  { key: 'item', headers: ['Item/Function', 'item / function', 'item', 'item function', 'item/function/requirements', 'component/function', 'part/function', 'system/function', 'component', 'part', 'part name', '项目/功能', '项目', '零件/功能', '零部件/功能', '项目/功能/要求', '零件', '零部件', '部件'], required: true },
  { key: 'function', headers: ['Function', 'functions', 'function/requirements', '功能', '功能/要求'] },
  { key: 'requirement', headers: ['Requirements', 'requirement', 'design requirements', '要求', '需求', '设计要求'] },
  { key: 'mode', headers: ['Potential Failure Mode', 'potential failure mode(s)', 'failure mode', 'failure modes', 'mode', '潜在失效模式', '失效模式', '潜在故障模式'], required: true },
  { key: 'effects', headers: ['Potential Effect(s) of Failure', 'potential effects of failure', 'effects', 'effect', 'failure effects', 'failure effect', 'effect(s) of failure', '潜在失效后果', '失效后果', '潜在失效影响', '失效影响'] },
  { key: 'severity', headers: ['S', 'sev', 'severity', 'seve', '严重度', '严重度s', '严重度(S)', '严重性', '严重程度'] },
  { key: 'class', headers: ['Class', 'classification', 'cls', 'char', 'special characteristics', '级别', '分类', '特殊特性', '特性分类'] },
  { key: 'causes', headers: ['Potential Cause(s)/Mechanism(s) of Failure', 'potential cause(s) of failure', 'potential causes of failure', 'causes', 'cause', 'failure cause', 'failure causes', '潜在失效起因/机理', '潜在失效起因', '失效起因', '潜在失效原因/机理', '失效原因'] },
  { key: 'prevention', headers: ['Current Design Controls Prevention', 'current process controls prevention', 'current controls prevention', 'prevention controls', 'prevention control', 'prevention', '现行设计控制预防', '现行过程控制预防', '现行控制预防', '现行预防控制', '预防控制', '预防'] },
  { key: 'occurrence', headers: ['O', 'occ', 'occur', 'occurrence', '频度', '频度o', '频度(O)', '发生度', '发生频度'] },
  { key: 'detection', headers: ['Current Design Controls Detection', 'current process controls detection', 'current controls detection', 'detection controls', 'detection control', '现行设计控制探测', '现行过程控制探测', '现行控制探测', '现行探测控制', '探测控制'] },
  // "Detection" / "探测" alone may be either: the importer looks at the cells (numbers 1–10: the rating).
  { key: 'detectionRating', headers: ['D', 'det', 'detec', 'detect', 'detection', '探测度', '探测度d', '探测度(D)', '不易探测度', '探测'] },
  { key: 'rpn', headers: ['RPN', 'r.p.n.', 'risk priority number', '风险顺序数', '风险优先数', '风险系数'] },
  { key: 'recommended', headers: ['Recommended Action(s)', 'recommended actions', 'recommended action', '建议措施', '建议的措施', '建议采取的措施'] },
  { key: 'responsibility', headers: ['Responsibility & Target Completion Date', 'responsibility and target completion date', 'responsibility & date', 'responsibility', 'responsible', '责任及目标完成日期', '责任和目标完成日期', '责任人及目标完成日期', '责任人', '负责人'] },
  { key: 'targetDate', headers: ['Target Completion Date', 'target date', 'due date', '目标完成日期', '计划完成日期'] },
  { key: 'taken', headers: ['Actions Taken', 'action taken', 'actions taken & completion date', 'actions taken & effective date', '采取的措施', '采取的措施和完成日期', '已采取措施', '采取措施'] },
  { key: 'completionDate', headers: ['Completion Date', 'effective date', 'actual completion date', '完成日期', '实际完成日期'] },
  { key: 'newSeverity', headers: ['New S', 'new sev', 's (new)', 'resulting s', '新严重度', '新s'] },
  { key: 'newOccurrence', headers: ['New O', 'new occ', 'o (new)', 'resulting o', '新频度', '新o'] },
  { key: 'newDetection', headers: ['New D', 'new det', 'd (new)', 'resulting d', '新探测度', '新d'] },
  { key: 'newRpn', headers: ['New RPN', 'rpn (new)', 'resulting rpn', '新rpn', '新风险顺序数'] },
] as const satisfies readonly SheetColumn[];

/**
 * A legacy AIAG 4th-edition PFMEA sheet: the DFMEA's columns with the process
 * step in the item's place ("Process Step/Function", "Process Function /
 * Requirements", "工序/功能"…), an optional process (operation, station)
 * number column, and an optional 4M column (not on the 4th-edition form, but
 * common in plants' own sheets) for the cause's work element.
 */
const PFMEA_LEGACY_ITEM = {
  key: 'item',
  headers: [
    'Process Step/Function',
    'process step / function',
    'process step/function/requirements',
    'process function/requirements',
    'process function / requirements',
    'process step',
    'process function',
    'process/function',
    'process name',
    'operation',
    'operation description',
    'process description',
    '过程步骤/功能',
    '过程步骤/功能/要求',
    '过程功能/要求',
    '过程步骤',
    '过程功能',
    '过程名称',
    '工序/功能',
    '工序名称',
    '工序',
  ],
  required: true,
} as const;
const PFMEA_LEGACY_EXTRA = [
  { key: 'processNo', headers: ['Op. No.', 'op no', 'op', 'operation no', 'operation number', 'process no', 'process number', 'process step no', 'station no', 'station', '工序号', '工序编号', '过程编号', '过程步骤编号', '工位号'] },
  { key: 'workElementType', headers: ['4M', '4m type', '4m category', 'cause category', '4M类型', '4M分类', '人机料法环'] },
] as const satisfies readonly SheetColumn[];

export type LegacyKey = (typeof LEGACY_COLUMNS)[number]['key'] | (typeof PFMEA_LEGACY_EXTRA)[number]['key'];
export type LegacyRow = Record<LegacyKey, string>;

export const PFMEA_LEGACY_COLUMNS: readonly SheetColumn<LegacyKey>[] = [
  LEGACY_COLUMNS[0],
  PFMEA_LEGACY_EXTRA[0],
  PFMEA_LEGACY_ITEM,
  ...LEGACY_COLUMNS.slice(2),
  PFMEA_LEGACY_EXTRA[1],
];

/** Looser header matches (on the normalised text), first match wins: the order settles overlaps ("Responsibility & Target Completion Date"). */
export const LEGACY_PATTERNS: readonly (readonly [RegExp, LegacyKey])[] = [
  [/^new(s|sev|severity)$|^新严重/, 'newSeverity'],
  [/^new(o|occ|occur|occurrence)$|^新频度/, 'newOccurrence'],
  [/^new(d|det|detec|detection)$|^新探测/, 'newDetection'],
  [/^newrpn|^新(rpn|风险)/, 'newRpn'],
  [/responsib|责任|负责/, 'responsibility'],
  [/recommend|建议/, 'recommended'],
  [/taken|采取|已执行/, 'taken'],
  [/target.*date|duedate|目标.*日期|计划.*日期/, 'targetDate'],
  [/completiondate|effectivedate|完成日期/, 'completionDate'],
  [/(control|控制).*(detection|探测)|(detection|探测).*(control|控制)/, 'detection'],
  [/prevent|预防/, 'prevention'],
  [/cause|mechanism|起因|原因|机理/, 'causes'],
  [/effect|后果|影响/, 'effects'],
  [/failuremode|失效模式|故障模式/, 'mode'],
  [/^class|classification|特殊特性|特性分类|^级别|^分类/, 'class'],
  [/^(item|component|part|system|subsystem)|^(项目|零件|零部件|部件|系统|子系统)/, 'item'],
  [/function|功能/, 'function'],
  [/requirement|要求|需求/, 'requirement'],
  [/^(severity|sev)|^严重/, 'severity'],
  [/^(occurrence|occ)|^(频度|发生)/, 'occurrence'],
  [/^(detection|detec|det)(rating)?$|^探测度|^不易探测/, 'detectionRating'],
  [/^rpn|riskprioritynumber|风险顺序|风险优先/, 'rpn'],
];

const DFMEA_ITEM_PATTERN = LEGACY_PATTERNS.find(([, key]) => key === 'item')!;
/** The PFMEA's: the process number and 4M columns first, and the process step where the DFMEA has its item. */
export const PFMEA_LEGACY_PATTERNS: readonly (readonly [RegExp, LegacyKey])[] = [
  [/^(op|operation|process|processstep|station|工序|过程|过程步骤|工位)(no|nr|number|编号|号)$/, 'processNo'],
  [/^4m/, 'workElementType'],
  ...LEGACY_PATTERNS.flatMap((p): (readonly [RegExp, LegacyKey])[] =>
    p === DFMEA_ITEM_PATTERN ? [[/^(process|operation|工序|过程步骤|过程功能|过程名称)/, 'item']] : p[1] === 'function' ? [] : [p],
  ),
  // after the step's own pattern: "Process Function" is the step, "Function" alone its function
  [/function|功能/, 'function'],
];

/** The keys of the "Action Results" block: its S, O, D and RPN are the re-rating. */
export const LEGACY_RERATE = {
  after: ['recommended', 'responsibility', 'taken', 'targetDate', 'completionDate'],
  group: /result|结果/,
  map: { severity: 'newSeverity', occurrence: 'newOccurrence', detectionRating: 'newDetection', rpn: 'newRpn' },
} as const satisfies { after: readonly LegacyKey[]; group: RegExp; map: Partial<Record<LegacyKey, LegacyKey>> };

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
