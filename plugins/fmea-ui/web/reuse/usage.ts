import { useLingui } from '@lingui/react/macro';
import { api, ApiError, confirm } from '@fmea/sdk';

/** The N of a 409 "used by N" answer (fmea.project_in_use / fmea.node_in_use), or null for any other failure. */
export function usedByCount(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.messageKey !== 'fmea.project_in_use' && error.messageKey !== 'fmea.node_in_use') return null;
  const data = error.data as { params?: { count?: number } } | null;
  return Number(data?.params?.count ?? 0);
}

/**
 * Deletes a project or template after asking; when projects or nodes use it
 * (made from it, borrowed from it), the server answers "used by N" and the
 * user confirms once more before it goes (spec 001 §8). The function answers
 * false when the user stopped.
 */
export function useDeleteWithUsage(): (name: string, version: number, projectId: string) => Promise<boolean> {
  const { t } = useLingui();
  return async (name, version, projectId) => {
    if (!(await confirm({ title: t`Delete`, message: t`Delete ${name}?`, danger: true }))) return false;
    try {
      await api.post('/api/project/delete', { id: projectId, version });
      return true;
    } catch (error) {
      const count = usedByCount(error);
      if (count === null) throw error;
      if (!(await confirm({ title: t`Confirm`, message: t`The current FMEA is used by ${count} nodes or projects. Delete it anyway?`, danger: true }))) return false;
      await api.post('/api/project/delete', { id: projectId, version, confirm: true });
      return true;
    }
  };
}
