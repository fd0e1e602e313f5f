import { useCallback, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ControlPlanPhase } from '@fmea/core/domain';
import { api, notify, notifyError } from '@fmea/sdk';
import { isConflict } from '@fmea/fmea-ui';
import { isOwnColumn, type ControlPlanView, type CpLine, type OwnColumn } from './cp-api.ts';

/**
 * The plan of a phase as the step holds it: read (again on `reload`, and on
 * another member's change once an open cell editor has closed), lines put
 * back as the server answers them, and the line writes.
 *
 * Texts typed in the grid show at once and stay over their line until the
 * save answers. A line's writes go one after the other, each with the
 * version the one before answered, so quick edits of one line never
 * conflict with each other; another member's save in between is a conflict
 * (409): it is said, and the plan is read again, as the risk grid does.
 */
export function useControlPlan(projectId: string, phase: ControlPlanPhase, remoteRevision: number) {
  const { t } = useLingui();
  const [view, setView] = useState<ControlPlanView | null>(null);
  const [failed, setFailed] = useState(false);
  const [reads, setReads] = useState(0);
  const reload = useCallback(() => setReads((n) => n + 1), []);
  // the lines as last answered, for the version of the next write (the grid's closures may hold older rows)
  const lines = useRef(new Map<string, CpLine>());

  useEffect(() => {
    let alive = true;
    api
      .get('/api/controlPlan/get', { projectId, phase })
      .then((answer) => {
        if (!alive) return;
        setView(answer);
        setFailed(false);
      })
      .catch((error) => {
        notifyError(error);
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [projectId, phase, reads]);
  useEffect(() => {
    lines.current = new Map((view?.lines ?? []).map((l) => [l.id, l]));
  }, [view]);

  const editorOpen = useRef(false);
  const remotePending = useRef(false);
  useEffect(() => {
    if (remoteRevision === 0) return;
    if (editorOpen.current) remotePending.current = true;
    else reload();
  }, [remoteRevision, reload]);

  /** Puts a line as the server answered it in place. */
  const putLine = (line: CpLine) => {
    lines.current.set(line.id, line);
    setView((v) => (v ? { ...v, lines: v.lines.map((l) => (l.id === line.id ? line : l)) } : v));
  };

  const typed = useRef(new Map<string, Partial<Record<OwnColumn, string>>>());
  const queues = useRef(new Map<string, Promise<unknown>>());
  const [, setTyping] = useState(0);
  /** Runs a write of a line after the line's earlier ones. */
  const inTurn = <T>(lineId: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.current.get(lineId) ?? Promise.resolve()).catch(() => undefined).then(work);
    queues.current.set(lineId, next);
    return next;
  };
  const versionOf = (line: CpLine) => (lines.current.get(line.id) ?? line).version;
  /** The line with what is typed over it. */
  const shown = (line: CpLine): CpLine => {
    const own = typed.current.get(line.id);
    return own ? { ...line, ...own } : line;
  };
  const isTyped = (line: CpLine, column: OwnColumn) => typed.current.get(line.id)?.[column] !== undefined;

  /** A conflict is said and the plan read again (true); anything else is the caller's. */
  const conflict = (error: unknown): boolean => {
    if (!isConflict(error)) return false;
    notify('error', error.message || t`Someone else changed this line. The control plan was read again.`, 5000);
    reload();
    return true;
  };

  /** The grid's save of a cell: one of the line's own columns. */
  const onCellChange = async (row: CpLine, columnId: string, value: string) => {
    if (!isOwnColumn(columnId)) return;
    typed.current.set(row.id, { ...typed.current.get(row.id), [columnId]: value });
    setTyping((n) => n + 1);
    /** The typed text goes once its save answered (unless typed over again meanwhile). */
    const settle = () => {
      const now = typed.current.get(row.id);
      if (now?.[columnId] !== value) return;
      const { [columnId]: _done, ...rest } = now;
      if (Object.keys(rest).length > 0) typed.current.set(row.id, rest);
      else typed.current.delete(row.id);
      setTyping((n) => n + 1);
    };
    try {
      await inTurn(row.id, async () => {
        const saved = await api.post('/api/controlPlan/saveLine', { id: row.id, version: versionOf(row), [columnId]: value });
        settle();
        putLine(saved);
      });
    } catch (error) {
      settle();
      if (!conflict(error)) throw error;
    }
  };

  /** The grid says when a cell editor opens and closes: another member's change waits for it. */
  const onDraftChange = (_row: CpLine, _column: string, draft: string | null) => {
    editorOpen.current = draft !== null;
    if (draft === null && remotePending.current) {
      remotePending.current = false;
      // after the editor's own save, which starts as it closes
      setTimeout(reload, 300);
    }
  };

  /** Review: the PFMEA now becomes the line's basis; the plan is read again, as the checks may change with it. */
  const review = (line: CpLine) =>
    inTurn(line.id, () => api.post('/api/controlPlan/reviewLine', { id: line.id, version: versionOf(line) })).then((saved) => {
      putLine(saved);
      reload();
    });
  const remove = (line: CpLine) => inTurn(line.id, () => api.post('/api/controlPlan/deleteLine', { id: line.id, version: versionOf(line) })).then(reload);

  return { view, setView, failed, reload, shown, isTyped, conflict, onCellChange, onDraftChange, review, remove };
}
