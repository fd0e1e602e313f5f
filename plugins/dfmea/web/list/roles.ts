import { useLingui } from '@lingui/react/macro';

/** Names of the member roles 0–5 (spec 001 §3). */
export function useRoleLabel(): (role: number) => string {
  const { t } = useLingui();
  return (role) => {
    switch (role) {
      case 0:
        return t`Responsible`;
      case 1:
        return t`Collaborator`;
      case 2:
        return t`Counsellor`;
      case 3:
        return t`System owner`;
      case 4:
        return t`Reviewer`;
      default:
        return t`Process reviewer`;
    }
  };
}
