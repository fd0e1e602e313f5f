/**
 * The rule flags of spec 000 §5 and 001 §5, with their defaults. Values are
 * the spec's strings. Score supply (whether S/O/D come from the knowledge
 * base, and the default detection rating) is kept here too, per FMEA type.
 */
export interface RuleFlagDefinition {
  readonly group: RuleGroup;
  readonly defaultValue: string;
  readonly values: readonly string[];
  readonly name: string;
  readonly nameEn: string;
  readonly sort: number;
  /**
   * What an installation that already ran gets when an upgrade adds the flag
   * (its behaviour must not change under it); `defaultValue` is for new ones.
   */
  readonly upgradeValue?: string;
}

/**
 * The rule groups in the order of spec 000 §2.4's business-rule tabs (the AP rules and numbering are
 * tabs of their own with their own tables). `copy`, `tree` and `englishRequired` were part of `basic`
 * and `required` until issue 26; the flags kept their keys, and the spec's `/basicRule` and
 * `/requiredRule` calls still cover them (SPEC_TAB_GROUPS).
 */
export const RULE_GROUPS = ['basic', 'copy', 'tree', 'required', 'englishRequired', 'dataCreator', 'interfaceReason', 'knowledgePush', 'scoreSupply', 'kcds', 'report', 'controlPlanTemplate'] as const;
export type RuleGroup = (typeof RULE_GROUPS)[number];

const SWITCH = ['0', '1'] as const;
const RATINGS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;
/** A check before release (group report, docs/domain/fmea-checks.md): '0' off, '1' warning, '2' error. */
const CHECK = ['0', '1', '2'] as const;

export const RULE_FLAGS = {
  EnglishRequiredRuleFlag: { group: 'englishRequired', defaultValue: '0', values: SWITCH, name: '英文必填', nameEn: 'English required', sort: 1 },
  failureToUseRequired: { group: 'required', defaultValue: '0', values: SWITCH, name: '失效使用类型必填', nameEn: 'Failure use type required', sort: 2 },
  isGenerateProcessNoRequired: { group: 'required', defaultValue: '1', values: SWITCH, name: '自动生成过程编号', nameEn: 'Generate process numbers automatically', sort: 3 },
  bomImportHeadOnly: { group: 'copy', defaultValue: '0', values: SWITCH, name: '仅负责人可导入BOM/复用节点', nameEn: 'Only the head may import BOMs and reuse nodes', sort: 1 },
  treeCopyHeadOnly: { group: 'copy', defaultValue: '0', values: SWITCH, name: '仅负责人可复制结构树节点', nameEn: 'Only the head may copy structure-tree nodes', sort: 2 },
  treeDeleteHeadOnly: { group: 'tree', defaultValue: '0', values: SWITCH, name: '仅负责人可删除结构树节点', nameEn: 'Only the head may delete structure-tree nodes', sort: 3 },
  // release condition of the FMEA review path (docs/domain/fmea-review.md): '0' one releaser suffices, '1' all must release
  fmeaReleaseAll: { group: 'basic', defaultValue: '0', values: SWITCH, name: 'FMEA 发布需全部发布人发布', nameEn: 'Every releaser must release an FMEA', sort: 4 },
  // the review walk (docs/domain/fmea-review.md): opinion reviewers mark the steps reviewed in order, from the block diagram, before their opinion
  fmeaReviewInOrder: { group: 'basic', defaultValue: '1', values: SWITCH, name: 'FMEA 评审须从方框图开始按步骤顺序进行', nameEn: 'FMEA reviews proceed step by step from the block diagram', sort: 5 },
  // separation of duties (issue 20, docs/domain/permissions.md): nobody audits or approves their own catalog application, nobody holds two roles of one FMEA review; on for new installations
  separationOfDuties: { group: 'basic', defaultValue: '1', upgradeValue: '0', values: SWITCH, name: '职责分离', nameEn: 'Separation of duties', sort: 6 },
  xmcjzRule: { group: 'dataCreator', defaultValue: '0', values: SWITCH, name: '项目创建者权限', nameEn: 'Project creator rule', sort: 1 },
  zskcjzRule: { group: 'dataCreator', defaultValue: '0', values: SWITCH, name: '知识库创建者权限', nameEn: 'Knowledge creator rule', sort: 2 },
  zsjcjzRule: { group: 'dataCreator', defaultValue: '0', values: SWITCH, name: '主数据创建者权限', nameEn: 'Master-data creator rule', sort: 3 },
  // KCDS creation rule (the key characteristics list, delivery types KCDS / PfmeaKCDS): which severity makes a characteristic
  // a candidate critical one, and whether significant ones are listed too (domain/rules/kcds.ts, docs/domain/business-rules.md)
  kcdsCriticalSeverity: { group: 'kcds', defaultValue: '9', values: RATINGS, name: 'KCDS 关键特性的最低严重度', nameEn: 'KCDS: lowest severity of a critical characteristic', sort: 1 },
  kcdsIncludeSignificant: { group: 'kcds', defaultValue: '1', values: SWITCH, name: 'KCDS 列入重要特性', nameEn: 'KCDS lists significant characteristics', sort: 2 },
  pushRule: { group: 'knowledgePush', defaultValue: '0', values: SWITCH, name: '知识推送', nameEn: 'Knowledge push', sort: 1 },
  ruleOpen: { group: 'interfaceReason', defaultValue: '0', values: SWITCH, name: '接口原因规则', nameEn: 'Interface reason rule', sort: 1 },
  dfmeaScoreSupply: { group: 'scoreSupply', defaultValue: '0', values: SWITCH, name: 'DFMEA 评分来自知识库', nameEn: 'DFMEA ratings supplied from knowledge', sort: 1 },
  dfmeaDefaultDet: { group: 'scoreSupply', defaultValue: '10', values: RATINGS, name: 'DFMEA 默认探测度', nameEn: 'DFMEA default detection', sort: 2 },
  pfmeaScoreSupply: { group: 'scoreSupply', defaultValue: '0', values: SWITCH, name: 'PFMEA 评分来自知识库', nameEn: 'PFMEA ratings supplied from knowledge', sort: 3 },
  pfmeaDefaultDet: { group: 'scoreSupply', defaultValue: '10', values: RATINGS, name: 'PFMEA 默认探测度', nameEn: 'PFMEA default detection', sort: 4 },
  // spec 000 §2.4 "control plan template": which optional AIAG columns the control plan shows (domain/pfmea/control-plan.ts)
  controlPlanMachineColumn: { group: 'controlPlanTemplate', defaultValue: '1', values: SWITCH, name: '控制计划显示“生产用机器、装置、夹具、工装”列', nameEn: 'Control plan shows the machine, device, jig, tools column', sort: 1 },
  controlPlanCharacteristicNoColumn: { group: 'controlPlanTemplate', defaultValue: '1', values: SWITCH, name: '控制计划显示特性“编号”列', nameEn: 'Control plan shows the characteristic number column', sort: 2 },
  controlPlanSpecialClassColumn: { group: 'controlPlanTemplate', defaultValue: '1', values: SWITCH, name: '控制计划显示“特殊特性分类”列', nameEn: 'Control plan shows the special characteristic class column', sort: 3 },
  // group report ("FMEA export and report rules"): the checks before release (core/src/domain/fmea-checks, docs/domain/fmea-checks.md); every check on by default
  checkTeamResponsible: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：团队须有负责人', nameEn: 'Check: the team has a responsible person', sort: 1 },
  checkNodeWithoutFunction: { group: 'report', defaultValue: '1', values: CHECK, name: '检查：结构元素无功能', nameEn: 'Check: a structure element without function', sort: 2 },
  checkFunctionWithoutFailure: { group: 'report', defaultValue: '1', values: CHECK, name: '检查：功能未分析失效', nameEn: 'Check: a function without failure', sort: 3 },
  checkEnglishNames: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：英文名称（英文必填时）', nameEn: 'Check: English names (while English is required)', sort: 4 },
  checkModeWithoutCause: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：失效模式无原因', nameEn: 'Check: a failure mode without cause', sort: 5 },
  checkModeWithoutEffect: { group: 'report', defaultValue: '1', values: CHECK, name: '检查：失效模式无影响', nameEn: 'Check: a failure mode without effect', sort: 6 },
  checkCauseOrphan: { group: 'report', defaultValue: '1', values: CHECK, name: '检查：失效原因未关联', nameEn: 'Check: a failure cause linked to nothing', sort: 7 },
  checkFailureUseType: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：失效使用类型（必填时）', nameEn: 'Check: failure use type (while required)', sort: 8 },
  checkRatingMissing: { group: 'report', defaultValue: '1', values: CHECK, name: '检查：S/O/D 未评分', nameEn: 'Check: S, O or D not rated', sort: 9 },
  checkSpecialControlPlan: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：CC/SC 特性无控制计划行（PFMEA）', nameEn: 'Check: a CC/SC characteristic without control plan line (PFMEA)', sort: 10 },
  checkDetectionDvp: { group: 'report', defaultValue: '1', values: CHECK, name: '检查：探测控制无 DVP 试验', nameEn: 'Check: a detection control without DVP test', sort: 11 },
  checkHighApAction: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：AP 为高的行无措施', nameEn: 'Check: an AP high row without action', sort: 12 },
  checkCompletedRerating: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：已完成措施未重新评分', nameEn: 'Check: a completed action without re-rating', sort: 13 },
  checkTargetDate: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：措施计划完成时间', nameEn: 'Check: planned completion dates of actions', sort: 14 },
  checkActionOverdue: { group: 'report', defaultValue: '1', values: CHECK, name: '检查：措施逾期', nameEn: 'Check: overdue actions', sort: 15 },
  checkFamilyItem: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：家族 FMEA 须且仅有一个项目', nameEn: 'Check: a family FMEA holds exactly one item', sort: 16 },
  checkMsrRatingMissing: { group: 'report', defaultValue: '1', values: CHECK, name: '检查：FMEA-MSR 的 F/M 未评分', nameEn: 'Check: FMEA-MSR frequency (F) or monitoring (M) not rated', sort: 17 },
  checkMsrHighApAction: { group: 'report', defaultValue: '2', values: CHECK, name: '检查：MSR AP 为高的原因无 MSR 措施', nameEn: 'Check: an MSR AP high cause without MSR action', sort: 18 },
} as const satisfies Record<string, RuleFlagDefinition>;

export type RuleFlag = keyof typeof RULE_FLAGS;

/**
 * The groups each of the spec's per-tab calls (000 §7 "Rules") reads and writes, in the order it answers
 * them: what they covered before the split, in the same order (the flags kept their sort).
 */
export const SPEC_TAB_GROUPS = {
  requiredRule: ['englishRequired', 'required'],
  basicRule: ['copy', 'tree', 'basic'],
  dataCreatorPermissions: ['dataCreator'],
} as const satisfies Record<string, readonly RuleGroup[]>;
export const RULE_FLAG_NAMES = Object.keys(RULE_FLAGS) as RuleFlag[];

export function isRuleFlag(name: string): name is RuleFlag {
  return Object.hasOwn(RULE_FLAGS, name);
}
