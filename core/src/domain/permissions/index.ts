export { PERMISSION_MESSAGE_KEYS, type PermissionMessageKey } from './messages.ts';
export {
  hasCreator,
  isProductTypePermitted,
  isRecordCreator,
  rowMarker,
  type Actor,
  type RecordCreator,
  type RowMarker,
} from './actor.ts';
export {
  BUTTONS,
  DATA_CREATOR_RULES,
  assertCanOperate,
  canOperate,
  hasButtonPermission,
  isCreatorRuleOn,
  operationRefusal,
  type CreatorRules,
  type DataCreatorRule,
  type OperateInput,
  type RouteArea,
} from './operate.ts';
export {
  PROJECT_EDIT_ROLES,
  PROJECT_MEMBER_ROLES,
  PROJECT_MEMBER_ROLE_KEYS,
  assertCanEditProject,
  assertCanOpenProject,
  isProjectMember,
  isProjectOwner,
  isReadOnlyMember,
  memberRoles,
  type DesignMember,
  type ProcessMember,
  type ProjectAccess,
  type ProjectKind,
  type ProjectMemberRole,
  type ProjectMembership,
} from './project.ts';
export {
  ROLE_TYPES,
  assertCanKick,
  canKick,
  canSeeOnlineUsers,
  kickRefusal,
  onlineUsersScope,
  type KickSites,
  type OnlineUsersScope,
} from './online.ts';
export {
  ADMIN_ROLE,
  assertCanAssignRoles,
  assertCanDelegate,
  assertCanSetRoleType,
  delegationRefusal,
  type Delegator,
  type Grant,
} from './delegation.ts';
