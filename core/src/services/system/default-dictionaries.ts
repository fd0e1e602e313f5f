/**
 * Dictionary types every installation needs, with the spec's numeric-string
 * codes (001 §3). Company-specific lists (customers, car types, platforms,
 * product types) start empty and are filled by admins or the demo fixtures.
 */
export interface DictionarySeed {
  code: string;
  name: string;
  enName: string;
  items: readonly (readonly [code: string, name: string, enName: string])[];
}

export const DEFAULT_DICTIONARIES: readonly DictionarySeed[] = [
  { code: 'productPlatform', name: '产品平台', enName: 'Product platform', items: [] },
  { code: 'productType', name: '产品类型', enName: 'Product type', items: [] },
  { code: 'customer', name: '客户', enName: 'Customer', items: [] },
  { code: 'carType', name: '车型', enName: 'Car type', items: [] },
  {
    code: 'level',
    name: '级别',
    enName: 'Level',
    items: [['1', '系统', 'System'], ['2', '子系统', 'Subsystem'], ['3', '零部件', 'Component']],
  },
  {
    code: 'status',
    name: '状态',
    enName: 'Status',
    items: [['0', '编辑中', 'Editing'], ['1', '待审核', 'To be approved'], ['2', '已发布', 'Released'], ['3', '待批准', 'Pending approval'], ['4', '已驳回', 'Rejected']],
  },
  {
    code: 'measureType',
    name: '措施类型',
    enName: 'Measure type',
    items: [['1', '预防措施', 'Prevention'], ['2', '探测措施', 'Detection']],
  },
  {
    code: 'functionType',
    name: '功能类型',
    enName: 'Function type',
    items: [['1', '主要功能', 'Main function'], ['2', '辅助功能', 'Auxiliary function'], ['3', '接口功能', 'Interface function']],
  },
  {
    code: 'interfaceType',
    name: '接口类型',
    enName: 'Interface type',
    items: [['1', '物理连接', 'Physical connection'], ['2', '信号传递', 'Signal transfer'], ['3', '能量传递', 'Energy transfer'], ['4', '物料交换', 'Material exchange'], ['5', '人机交互', 'Human-machine']],
  },
  {
    code: 'secrecyGrade',
    name: '保密等级',
    enName: 'Secrecy grade',
    items: [['1', '公开', 'Public'], ['2', '内部', 'Internal'], ['3', '秘密', 'Confidential'], ['4', '机密', 'Secret']],
  },
  {
    code: 'projectStage',
    name: '项目阶段',
    enName: 'Project stage',
    items: [['1', '概念', 'Concept'], ['2', 'A样', 'A sample'], ['3', 'B样', 'B sample'], ['4', 'C样', 'C sample'], ['5', '量产', 'Series production']],
  },
  {
    code: 'memberRole',
    name: '成员角色',
    enName: 'Member role',
    items: [['0', '负责人', 'Responsible'], ['1', '协作者', 'Collaborator'], ['2', '辅导员', 'Counsellor'], ['3', '系统负责人', 'System owner'], ['4', '评审人', 'Reviewer'], ['5', '过程评审人', 'Process reviewer']],
  },
  {
    code: 'characteristicClass',
    name: '特性分类',
    enName: 'Characteristic class',
    items: [['1', '安全特性', 'Safety'], ['2', '关键特性', 'Critical'], ['3', '重要特性', 'Significant'], ['4', '一般特性', 'General']],
  },
];
