/**
 * Every message key the permission rules can emit or name. The catalog test
 * reads this list; `PermissionMessageKey` keeps the code within it.
 */
export const PERMISSION_MESSAGE_KEYS = [
  'permission.denied',
  'permission.edit_not_creator',
  'permission.del_not_creator',
  'permission.project_deleted',
  'permission.not_project_member',
  'permission.project_read_only',
  'permission.cannot_kick_self',
  'permission.kick_denied',
  'permission.cannot_delegate',
  'permission.super_role_admin_only',
  'permission.cannot_target_self',
  'permission.reset_own_password',
  'permission.user_other_site',
  'permission.protected_user',
  'permission.user_rank',
  'permission.administrator_only',
  'permission.role_rank',
  'permission.site_out_of_scope',
  'permission.own_roles',
  'permission.own_sites',
  'permission.builtin_role',
  'permission.role_held_elsewhere',
  'permission.sites_super_only',
  'permission.owner_only',
  'permission.share_owner_only',
  'permission.review_owner_only',
  'permission.team_owner_only',
  'permission.settings_owner_only',
  'permission.template_owner_only',
  'permission.template_publish_owner_only',
  'permission.own_application',
  'permission.review_roles_separate',
  'permission.review_role_doubled',
  'permission.problem_denied',
] as const;

export type PermissionMessageKey = (typeof PERMISSION_MESSAGE_KEYS)[number];
