import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONTROL_PLAN_PHASES, pfmeaArea, type ControlPlanColumnKey, type ControlPlanPhase } from '@fmea/core/domain';
import { api, Button, can, confirm, DataGrid, EmptyState, notify, notifyError, session, useGridLabels, useGuardedNavigate, type DataGridColumn } from '@fmea/workbench/sdk';
import { isConflict } from '@fmea/plugin-dfmea/web/risk/risk-api.ts';
import type { StepProps } from '@fmea/plugin-dfmea/web/types.ts';
import { ChecksList, type CheckTarget } from './ChecksList.tsx';
import { isOwnColumn, useColumnHeader, oneLine, type ControlPlanView, type CpLine, type OwnColumn } from './cp-api.ts';
import { HeaderBlock, HeaderDialog } from './HeaderBlock.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { useControlPlanLabels } from './labels.ts';
import { LineDialog, type LineTarget } from './LineDialog.tsx';
import { LinePanel, reasonsText, useWhoWhen } from './LinePanel.tsx';
import './control-plan.css';

/** The grid's fixed row height (the SDK DataGrid's rows are 36 px): a line's offset when jumping to it. */
const ROW_HEIGHT = 36;
const WIDTHS: Record<ControlPlanColumnKey, number> = {
  processNo: 110,
  processName: 170,
  machine: 150,
  characteristicNo: 140,
  productCharacteristic: 170,
  processCharacteristic: 170,
  specialClass: 100,
  specification: 180,
  evaluationTechnique: 190,
  sampleSize: 90,
  sampleFrequency: 110,
  controlMethod: 190,
  reactionPlan: 180,
};

/** The phase a user last looked at in this project, for the tab's next opening in the session. */
const phaseKey = (projectId: string) => `pfmea-control-plan-phase:${projectId}`;
function storedPhase(projectId: string): ControlPlanPhase {
  const value = sessionStorage.getItem(phaseKey(projectId));
  return (CONTROL_PLAN_PHASES as readonly string[]).includes(value ?? '') ? (value as ControlPlanPhase) : 'production';
}

type Dialog = { kind: 'header' } | { kind: 'line'; target: LineTarget } | { kind: 'import' };

/**
 * The control plan of a PFMEA (issue 13, delivery type ControlPlan): one
 * plan per phase, its AIAG header block, and its lines in the AIAG form's 13
 * body columns (the optional ones as the business rule "control plan
 * template" chooses: the server answers which). A linked line shows the
 * PFMEA's step, machine, characteristic, class and controls as they are now;
 * the team edits only the plan's own columns, in place, each save naming the
 * version it read. When the PFMEA changed since a line was reviewed, the
 * line is marked suspect with the reasons; "Reviewed" accepts the PFMEA as
 * its new basis. The reviewer's checks sit above the grid.
 */
export default function ControlPlanStep({ projectId, serialNum, readOnly, remoteRevision }: StepProps) {
  const { t } = useLingui();
  const grid = useGridLabels();
  const labels = useControlPlanLabels();
  const whoWhen = useWhoWhen();
  const navigate = useGuardedNavigate();
  const columnHeader = useColumnHeader();
  const [phase, setPhase] = useState<ControlPlanPhase>(() => storedPhase(projectId));
  const [view, setView] = useState<ControlPlanView | null>(null);
  const [failed, setFailed] = useState(false);
  const [reads, setReads] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  const gridBox = useRef<HTMLDivElement>(null);
  // the lines as last saved here, for the version of the next save (the grid's closures may be older)
  const lines = useRef(new Map<string, CpLine>());
  const reload = useCallback(() => setReads((n) => n + 1), []);

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

  // another member changed the project: read again, after an open cell editor closes (nothing typed is lost)
  const editorOpen = useRef(false);
  const remotePending = useRef(false);
  useEffect(() => {
    if (remoteRevision === 0) return;
    if (editorOpen.current) remotePending.current = true;
    else reload();
  }, [remoteRevision, reload]);

  const choosePhase = (next: ControlPlanPhase) => {
    sessionStorage.setItem(phaseKey(projectId), next);
    setPhase(next);
    setView(null);
    setSelectedId(null);
    setGenerated(null);
  };

  /** Puts a line as the server answered it in place (and in `lines`, for the next call's version). */
  const putLine = (line: CpLine) => {
    lines.current.set(line.id, line);
    setView((v) => (v ? { ...v, lines: v.lines.map((l) => (l.id === line.id ? line : l)) } : v));
  };

  /**
   * Texts typed here whose save has not answered yet, by line: shown over the
   * line until then. A line's writes go one after the other, each with the
   * version the one before answered, so quick edits of one line never
   * conflict with each other.
   */
  const typed = useRef(new Map<string, Partial<Record<OwnColumn, string>>>());
  const queues = useRef(new Map<string, Promise<unknown>>());
  const [, setTyping] = useState(0);
  const inTurn = <T,>(lineId: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.current.get(lineId) ?? Promise.resolve()).catch(() => undefined).then(work);
    queues.current.set(lineId, next);
    return next;
  };
  const versionOf = (line: CpLine) => (lines.current.get(line.id) ?? line).version;
  const shown = (line: CpLine): CpLine => {
    const own = typed.current.get(line.id);
    return own ? { ...line, ...own } : line;
  };

  const conflict = (error: unknown): boolean => {
    if (!isConflict(error)) return false;
    notify('error', error.message || t`Someone else changed this line. The control plan was read again.`, 5000);
    reload();
    return true;
  };

  const onCellChange = async (row: CpLine, columnId: string, value: string) => {
    if (readOnly || !isOwnColumn(columnId)) return;
    const own = { ...typed.current.get(row.id), [columnId]: value };
    typed.current.set(row.id, own);
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
  const onDraftChange = (_row: CpLine, _column: string, draft: string | null) => {
    editorOpen.current = draft !== null;
    if (draft === null && remotePending.current) {
      remotePending.current = false;
      // after the editor's own save, which starts as it closes
      setTimeout(reload, 300);
    }
  };

  const generate = async () => {
    setBusy(true);
    try {
      const answer = await api.post('/api/controlPlan/generate', { projectId, phase });
      setView(answer);
      // said once, under the toolbar, until the phase changes (not also as a toast: one announcement)
      setGenerated(labels.added(answer.added));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const review = async (line: CpLine) => {
    setBusy(true);
    try {
      putLine(await inTurn(line.id, () => api.post('/api/controlPlan/reviewLine', { id: line.id, version: versionOf(line) })));
      // the checks may change with it (a line whose characteristic is gone becomes untraced)
      reload();
    } catch (error) {
      if (!conflict(error)) notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (line: CpLine) => {
    const name = [line.processNo, line.processName, line.productCharacteristic || line.processCharacteristic].filter(Boolean).join(' · ');
    const ok = await confirm({
      title: t`Delete the control plan line?`,
      message: line.linked
        ? t`The line “${name}” is deleted from this control plan. “Generate from PFMEA” adds a new line for its characteristic.`
        : t`The line “${name}” is deleted from this control plan.`,
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await inTurn(line.id, () => api.post('/api/controlPlan/deleteLine', { id: line.id, version: versionOf(line) }));
      if (selectedId === line.id) setSelectedId(null);
      reload();
    } catch (error) {
      if (!conflict(error)) notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  /** A check's finding: its line in the grid (selected, scrolled to), or its characteristic's step in the PFMEA's function analysis. */
  const go = (target: CheckTarget) => {
    if ('step' in target) {
      void navigate(`${pfmeaArea.basePath}/pfmeaProject?pppSerial=${encodeURIComponent(target.step)}&rightType=function`);
      return;
    }
    setSelectedId(target.line);
    const index = view?.lines.findIndex((l) => l.id === target.line) ?? -1;
    const scroller = gridBox.current?.querySelector<HTMLElement>('[role="grid"]');
    if (scroller && index >= 0) scroller.scrollTop = Math.max(0, (index - 2) * ROW_HEIGHT);
    gridBox.current?.scrollIntoView({ block: 'nearest' });
  };

  const exportPlan = () => {
    const number = view?.plan.header.controlPlanNumber || `CP-${serialNum}`;
    void api.download('/api/controlPlan/exportData', `${number.replace(/[\\/:*?"<>|]+/g, '_')}.xlsx`, { projectId, phase }).catch(notifyError);
  };

  const phaseSwitch = (
    <div className="cp-phases" role="group" aria-label={t`Phase`}>
      {CONTROL_PLAN_PHASES.map((p) => (
        <Button key={p} kind={p === phase ? 'primary' : 'default'} aria-pressed={p === phase} onClick={() => p !== phase && choosePhase(p)} data-testid={`cp-phase-${p}`}>
          {labels.phases[p]}
        </Button>
      ))}
    </div>
  );

  if (failed && !view) {
    return (
      <section className="dfmea-step cp-step" data-testid="pfmea-control-plan">
        <div className="dfmea-toolbar">{phaseSwitch}</div>
        <EmptyState title={t`The control plan could not be read.`}>
          <Button onClick={reload}>{t`Try again`}</Button>
        </EmptyState>
      </section>
    );
  }
  if (!view) {
    return (
      <section className="dfmea-step cp-step" data-testid="pfmea-control-plan" aria-busy="true">
        <div className="dfmea-toolbar">{phaseSwitch}</div>
        <p className="muted">{grid.loading}</p>
      </section>
    );
  }

  const selected = view.lines.find((l) => l.id === selectedId) ?? null;
  // as high as the lines need (the header and at least three rows), at most a screenful
  const gridHeight = Math.min(560, (Math.max(3, view.lines.length) + 1) * ROW_HEIGHT + 4);
  const lineCount = view.lines.length;
  const suspect = view.lines.filter((l) => l.suspect).length;
  const contradicting = view.lines.filter((l) => l.contradictions.length > 0).length;
  const canExport = can(session.user, pfmeaArea.routeName, 'export');
  const canImport = !readOnly && can(session.user, pfmeaArea.routeName, 'import');

  const textEditor = readOnly ? undefined : ({ type: 'text', validate: (v: string) => (v.trim().length > 200 ? t`At most 200 characters.` : null) } as const);
  /** A control cell: the line's own text marked as its own (and red when it contradicts the PFMEA), else the PFMEA's controls. */
  const controlCell = (column: 'controlMethod' | 'evaluationTechnique') => (line: CpLine) => {
    const own = column === 'controlMethod' ? line.ownControlMethod : line.ownEvaluationTechnique;
    const contradicts = line.contradictions.some((c) => c.column === column);
    const text = oneLine(shown(line)[column]);
    // a text typed here shows as typed until its save answers what it is
    if (!line.linked || own === null || typed.current.get(line.id)?.[column] !== undefined) return text;
    return (
      <span className={contradicts ? 'cp-own is-contradiction' : 'cp-own'} title={contradicts ? t`Contradicts the PFMEA` : t`The plan's own text (clear it to follow the PFMEA)`}>
        {text}
      </span>
    );
  };

  const columns: DataGridColumn<CpLine>[] = [
    {
      id: 'status',
      header: t`Status`,
      width: 76,
      hideable: false,
      accessor: (l) => (l.suspect ? 'suspect' : l.contradictions.length > 0 ? 'contradiction' : ''),
      cell: (l) => <StatusIcons line={l} suspectText={reasonsText(l, whoWhen)} contradictionText={l.contradictions.map((c) => c.message).join('\n')} />,
    },
    ...view.columns.map(
      ({ key, ...column }): DataGridColumn<CpLine> => ({
        id: key,
        header: columnHeader({ key, ...column }),
        width: WIDTHS[key],
        accessor: (l) => oneLine(shown(l)[key]),
        cell: key === 'controlMethod' || key === 'evaluationTechnique' ? controlCell(key) : undefined,
        editable: isOwnColumn(key) ? textEditor : undefined,
      }),
    ),
    {
      id: 'actions',
      header: t`Actions`,
      width: 150,
      hideable: false,
      cell: (l) =>
        readOnly ? null : (
          <span className="cp-row-actions">
            {l.suspect ? (
              <Button kind="link" disabled={busy} onClick={() => void review(l)} data-testid="cp-row-review">
                {t`Reviewed`}
              </Button>
            ) : null}
            <Button kind="link" disabled={busy} onClick={() => void remove(l)} data-testid="cp-row-delete">
              {t`Delete`}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <section className="dfmea-step cp-step" data-testid="pfmea-control-plan">
      <div className="dfmea-toolbar">
        {phaseSwitch}
        <span className="cp-counts" data-testid="cp-counts">
          <Trans>
            Lines: {lineCount} · suspect: {suspect} · contradicting the PFMEA: {contradicting}
          </Trans>
        </span>
        <span className="dfmea-spacer" />
        {readOnly ? null : (
          <>
            <Button kind="primary" disabled={busy} onClick={() => void generate()} data-testid="cp-generate">
              <Trans>Generate from PFMEA</Trans>
            </Button>
            <Button disabled={busy} onClick={() => setDialog({ kind: 'line', target: { kind: 'new', projectId, phase } })} data-testid="cp-add-line">
              <Trans>Add line</Trans>
            </Button>
            <Button onClick={() => setDialog({ kind: 'header' })} data-testid="cp-edit-header">
              <Trans>Edit header</Trans>
            </Button>
          </>
        )}
        {canImport ? (
          <Button onClick={() => setDialog({ kind: 'import' })} data-testid="cp-import">
            <Trans>Import</Trans>
          </Button>
        ) : null}
        {canExport ? (
          <Button onClick={exportPlan} data-testid="cp-export">
            <Trans>Export workbook</Trans>
          </Button>
        ) : null}
      </div>
      {generated ? (
        <p className="cp-generated" role="status" data-testid="cp-generated">
          {generated}
        </p>
      ) : null}
      <HeaderBlock header={view.plan.header} phase={phase} labels={labels} />
      <ChecksList checks={view.checks} lines={view.lines} onGo={go} />
      <div className="cp-main">
        <div className="cp-grid" ref={gridBox}>
          <DataGrid<CpLine>
            key={view.columns.map((c) => c.key).join(',')}
            aria-label={t`Control plan`}
            gridId="pfmea-control-plan"
            className="cp-lines"
            columns={columns}
            rowKey={(l) => l.id}
            rows={view.lines as CpLine[]}
            virtualize
            height={gridHeight}
            selectedKey={selectedId}
            onRowClick={(l) => setSelectedId(l.id)}
            canEditRow={() => !readOnly}
            onCellChange={readOnly ? undefined : onCellChange}
            onDraftChange={readOnly ? undefined : onDraftChange}
            emptyText={readOnly ? t`This control plan has no lines yet.` : t`No lines yet: generate them from the PFMEA, or add one by hand.`}
            labels={grid}
          />
        </div>
        {selected ? (
          <LinePanel
            line={selected}
            labels={labels}
            readOnly={readOnly}
            busy={busy}
            onReview={() => void review(selected)}
            onEdit={() => setDialog({ kind: 'line', target: { kind: 'edit', line: selected } })}
            onDelete={() => void remove(selected)}
            onClose={() => setSelectedId(null)}
          />
        ) : null}
      </div>
      {dialog?.kind === 'header' ? (
        <HeaderDialog
          view={view}
          labels={labels}
          onClose={() => setDialog(null)}
          onSaved={(answer) => {
            setDialog(null);
            setView(answer);
          }}
        />
      ) : null}
      {dialog?.kind === 'line' ? (
        <LineDialog
          target={dialog.target}
          columns={view.columns}
          onClose={() => setDialog(null)}
          onSaved={(line) => {
            setDialog(null);
            setSelectedId(line.id);
            reload();
          }}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportDialog
          projectId={projectId}
          phase={phase}
          phaseLabel={labels.phases[phase]}
          columnLabel={(key) => {
            const column = view.columns.find((c) => c.key === key);
            return column ? columnHeader(column) : (labels.header[key as keyof typeof labels.header] ?? key);
          }}
          onClose={() => setDialog(null)}
          onImported={reload}
        />
      ) : null}
    </section>
  );
}

/** The marks of a line: suspect (the PFMEA changed), contradicting (its own text says otherwise), not linked; each tells why on hover. */
function StatusIcons({ line, suspectText, contradictionText }: { line: CpLine; suspectText: string; contradictionText: string }) {
  const { t } = useLingui();
  return (
    <span className="cp-status">
      {line.suspect ? (
        <span className="cp-icon cp-icon-suspect" role="img" title={suspectText} aria-label={t`Suspect: ${suspectText}`} data-testid="cp-suspect">
          ⚠
        </span>
      ) : null}
      {line.contradictions.length > 0 ? (
        <span className="cp-icon cp-icon-contradiction" role="img" title={contradictionText} aria-label={t`Contradicts the PFMEA: ${contradictionText}`} data-testid="cp-contradiction">
          ≠
        </span>
      ) : null}
      {line.linked ? null : (
        <span className="cp-icon cp-icon-unlinked" role="img" title={t`Not linked to the PFMEA`} aria-label={t`Not linked to the PFMEA`} data-testid="cp-unlinked">
          ✎
        </span>
      )}
    </span>
  );
}
