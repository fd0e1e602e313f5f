import { useDictLabel } from './dict-label.ts';
import { useDict } from './lookups.ts';

/**
 * Names of the member roles 0–5 (spec 001 §3), read from the memberRole
 * dictionary: the one source the API and the CLI name them from too, so an
 * admin who renames a role renames it everywhere.
 */
export function useRoleLabel(): (role: number) => string {
  const roles = useDict('memberRole');
  const label = useDictLabel();
  return (role) => {
    const item = roles.find((i) => i.code === String(role));
    return item ? label(item) : String(role);
  };
}
