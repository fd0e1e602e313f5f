import { useCallback, useEffect, useState } from 'react';
import { onChangeNotice, onPosted } from '@fmea/sdk';

/**
 * What a project page adds to the FMEA from another record (change proposals, DVP status): read once per project,
 * again shortly after a write the page posts under one of `paths` and after another member's change of the project
 * (`fmeaChanged`). A failed read leaves the value as it was: it is an addition to the FMEA, never in its way.
 */
export function useProjectRead<T>(projectId: string | null, read: (projectId: string) => Promise<T>, paths: readonly string[]): { value: T | null; reload: () => void } {
  const [value, setValue] = useState<T | null>(null);
  const reload = useCallback(() => {
    if (!projectId) return;
    read(projectId).then(setValue, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` is a call of one path: the project decides
  }, [projectId]);
  useEffect(reload, [reload]);
  const watched = paths.join('|');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, 300);
    };
    const prefixes = watched.split('|');
    const stopPosted = onPosted((path) => (prefixes.some((p) => path.startsWith(p)) ? later() : undefined));
    const stopNotice = onChangeNotice('fmeaChanged', (data) => (data.projectId === projectId ? later() : undefined));
    return () => {
      clearTimeout(timer);
      stopPosted();
      stopNotice();
    };
  }, [projectId, reload, watched]);
  return { value, reload };
}
