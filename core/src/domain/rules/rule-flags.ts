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
}

export const RULE_GROUPS = ['required', 'basic', 'dataCreator', 'knowledgePush', 'interfaceReason', 'scoreSupply', 'controlPlanTemplate'] as const;
export type RuleGroup = (typeof RULE_GROUPS)[number];

const SWITCH = ['0', '1'] as const;
const RATINGS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;

export const RULE_FLAGS = {
  EnglishRequiredRuleFlag: { group: 'required', defaultValue: '0', values: SWITCH, name: '英文必填', nameEn: 'English required', sort: 1 },
  failureToUseRequired: { group: 'required', defaultValue: '0', values: SWITCH, name: '失效使用类型必填', nameEn: 'Failure use type required', sort: 2 },
  isGenerateProcessNoRequired: { group: 'required', defaultValue: '1', values: SWITCH, name: '自动生成过程编号', nameEn: 'Generate process numbers automatically', sort: 3 },
  bomImportHeadOnly: { group: 'basic', defaultValue: '0', values: SWITCH, name: '仅负责人可导入BOM/复用节点', nameEn: 'Only the head may import BOMs and reuse nodes', sort: 1 },
  treeCopyHeadOnly: { group: 'basic', defaultValue: '0', values: SWITCH, name: '仅负责人可复制结构树节点', nameEn: 'Only the head may copy structure-tree nodes', sort: 2 },
  treeDeleteHeadOnly: { group: 'basic', defaultValue: '0', values: SWITCH, name: '仅负责人可删除结构树节点', nameEn: 'Only the head may delete structure-tree nodes', sort: 3 },
  // release condition of the FMEA review path (docs/domain/fmea-review.md): '0' one releaser suffices, '1' all must release
  fmeaReleaseAll: { group: 'basic', defaultValue: '0', values: SWITCH, name: 'FMEA 发布需全部发布人发布', nameEn: 'Every releaser must release an FMEA', sort: 4 },
  xmcjzRule: { group: 'dataCreator', defaultValue: '0', values: SWITCH, name: '项目创建者权限', nameEn: 'Project creator rule', sort: 1 },
  zskcjzRule: { group: 'dataCreator', defaultValue: '0', values: SWITCH, name: '知识库创建者权限', nameEn: 'Knowledge creator rule', sort: 2 },
  zsjcjzRule: { group: 'dataCreator', defaultValue: '0', values: SWITCH, name: '主数据创建者权限', nameEn: 'Master-data creator rule', sort: 3 },
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
} as const satisfies Record<string, RuleFlagDefinition>;

export type RuleFlag = keyof typeof RULE_FLAGS;
export const RULE_FLAG_NAMES = Object.keys(RULE_FLAGS) as RuleFlag[];

export function isRuleFlag(name: string): name is RuleFlag {
  return Object.hasOwn(RULE_FLAGS, name);
}
