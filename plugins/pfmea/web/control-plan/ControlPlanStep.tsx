import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONTROL_PLAN_PHASES, pfmeaArea, type ControlPlanPhase } from '@fmea/core/domain';
import { api, Button, can, confirm, DataGrid, EmptyState, notifyError, session, useGridLabels, useGuardedNavigate } from '@fmea/sdk';
import type { StepProps } from '@fmea/fmea-ui';
import { ChecksList, type CheckTarget } from './ChecksList.tsx';
import { useLineColumns } from './columns.tsx';
import { useColumnHeader, type CpLine } from './cp-api.ts';
import { HeaderBlock, HeaderDialog } from './HeaderBlock.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { useControlPlanLabels } from './labels.ts';
import { LineDialog, type LineTarget } from './LineDialog.tsx';
import { LinePanel } from './LinePanel.tsx';
import { useControlPlan } from './use-control-plan.ts';
import './control-plan.css';

/** The grid's fixed row height (the SDK DataGrid's rows are 36 px): the grid's height follows its lines. */
const ROW_HEIGHT = 36;

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
export default function ControlPlanStep({ projectId, serialNum, readOnly, remoteRevision, focusItemId }: StepProps) {
  const { t } = useLingui();
  const grid = useGridLabels();
  const labels = useControlPlanLabels();
  const navigate = useGuardedNavigate();
  const columnHeader = useColumnHeader();
  const [phase, setPhase] = useState<ControlPlanPhase>(() => storedPhase(projectId));
  const plan = useControlPlan(projectId, phase, remoteRevision);
  const { view, setView, reload } = plan;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  /** A line to bring into view (a check's, a finding's): the grid scrolls to it and marks it. */
  const [reveal, setReveal] = useState<{ match: (l: CpLine) => boolean } | null>(() => (focusItemId ? { match: (l) => l.id === focusItemId || l.characteristicId === focusItemId } : null));

  const choosePhase = (next: ControlPlanPhase) => {
    sessionStorage.setItem(phaseKey(projectId), next);
    setPhase(next);
    setView(null);
    setSelectedId(null);
    setGenerated(null);
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

  /** A write the step waits for (buttons disabled meanwhile); a conflict reads the plan again, anything else is said. */
  const write = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!plan.conflict(error)) notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const review = (line: CpLine) => write(() => plan.review(line));
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
    await write(async () => {
      await plan.remove(line);
      setSelectedId((id) => (id === line.id ? null : id));
    });
  };

  const columns = useLineColumns({
    columns: view?.columns ?? [],
    readOnly,
    busy,
    shown: plan.shown,
    isTyped: plan.isTyped,
    onReview: (line) => void review(line),
    onDelete: (line) => void remove(line),
  });

  /** A check's finding: its line in the grid (selected, scrolled to), or its characteristic's step in the PFMEA's function analysis. */
  const go = (target: CheckTarget) => {
    if ('step' in target) {
      void navigate(`${pfmeaArea.basePath}/pfmeaProject?pppSerial=${encodeURIComponent(target.step)}&rightType=function`);
      return;
    }
    setSelectedId(target.line);
    setReveal({ match: (l) => l.id === target.line });
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

  if (plan.failed && !view) {
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
      {/* a check finding on a special characteristic without a line (special_without_control_plan) opens here: it has no line to scroll to, so it gets this row */}
      {focusItemId && !view.lines.some((l) => l.id === focusItemId) ? (
        <div className="alert alert-info" data-item-id={focusItemId} data-testid="cp-focus-characteristic">
          <Trans>This special characteristic (CC/SC) has no control plan line yet: “Generate from PFMEA” adds one.</Trans>
        </div>
      ) : null}
      <HeaderBlock header={view.plan.header} phase={phase} labels={labels} />
      <ChecksList checks={view.checks} lines={view.lines} onGo={go} />
      <div className="cp-main">
        <div className="cp-grid">
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
            reveal={reveal}
            onRowClick={(l) => setSelectedId(l.id)}
            canEditRow={() => !readOnly}
            onCellChange={readOnly ? undefined : plan.onCellChange}
            onDraftChange={readOnly ? undefined : plan.onDraftChange}
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
