import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CommentTargetKind } from '@fmea/core/domain';
import { api } from '../../api/typed-client.ts';
import { onChangeNotice } from '../../realtime/client.ts';
import { RowPanel } from './RowPanel.tsx';
import { ChatIcon } from '../icons.tsx';

/** The row a panel is open on: its kind, id and what it says (the panel's title). */
export interface RowRef {
  readonly kind: CommentTargetKind;
  readonly id: string;
  readonly label?: string;
}

interface RowThreads {
  readonly projectId: string;
  readonly count: (kind: CommentTargetKind, id: string) => number;
  readonly open: (row: RowRef) => void;
}

const Threads = createContext<RowThreads | null>(null);

/**
 * Comments and history of the rows of one FMEA project
 * (docs/domain/fmea-communication.md): reads how many comments each row has
 * (the markers), opens the side panel of a row, and opens the row a link
 * names (`thread=kind:id`, what a comment message carries). Opening the
 * project marks its discussion read for the user (the header's count).
 */
export function RowThreadProvider({ projectId, initialThread, children }: { projectId: string; initialThread?: string | null; children: ReactNode }) {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  const [row, setRow] = useState<RowRef | null>(() => parseThread(initialThread));
  const reload = useCallback(() => {
    api.get('/api/fmea/commentCounts', { projectId }).then(
      (rows) => setCounts(new Map(rows.map((r) => [`${r.rowKind}:${r.rowId}`, r.count]))),
      () => undefined,
    );
  }, [projectId]);
  useEffect(() => {
    reload();
    void api.post('/api/communication/markRead', { projectId }).catch(() => undefined);
  }, [projectId, reload]);
  // another member commented or deleted a comment: the markers read again
  useEffect(() => onChangeNotice('fmeaComment', (data) => (data.projectId === projectId ? reload() : undefined)), [projectId, reload]);
  const value = useMemo<RowThreads>(() => ({ projectId, count: (kind, id) => counts.get(`${kind}:${id}`) ?? 0, open: setRow }), [projectId, counts]);
  return (
    <Threads.Provider value={value}>
      {children}
      {row ? <RowPanel projectId={projectId} row={row} onClose={() => setRow(null)} onChanged={reload} /> : null}
    </Threads.Provider>
  );
}

/** `failure:123` → the row; anything else → none. */
function parseThread(thread: string | null | undefined): RowRef | null {
  if (!thread) return null;
  const at = thread.indexOf(':');
  if (at < 1) return null;
  return { kind: thread.slice(0, at) as CommentTargetKind, id: thread.slice(at + 1) };
}

/**
 * The marker of one row: its comment count (highlighted when there are
 * comments), opening the row's comments and history. Outside a project
 * page (no provider) it renders nothing.
 */
export function RowMarker({ kind, id, label }: RowRef) {
  const { t } = useLingui();
  const threads = useContext(Threads);
  if (!threads) return null;
  const n = threads.count(kind, id);
  return (
    <button
      type="button"
      className={n > 0 ? 'row-marker has-comments' : 'row-marker'}
      title={n > 0 ? t`${n} comments: discussion and history` : t`Discussion and history`}
      aria-label={n > 0 ? t`${n} comments: discussion and history` : t`Discussion and history`}
      data-testid={`row-marker-${kind}-${id}`}
      onClick={(e) => {
        e.stopPropagation();
        threads.open({ kind, id, ...(label !== undefined ? { label } : {}) });
      }}
    >
      <ChatIcon />
      {n > 0 ? <span className="row-marker-count">{n}</span> : null}
    </button>
  );
}
