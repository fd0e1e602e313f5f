import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FAULT_CLASSES, fmedaMetrics, metricRows } from '@fmea/core/domain';
import { api, Button, confirm, DataGrid, EmptyState, notifyError, useGridLabels, type ApiData, type DataGridColumn } from '@fmea/sdk';
import type { StepProps } from '@fmea/fmea-ui';
import { MetricsPanel } from './MetricsPanel.tsx';
import { CatalogFillDialog } from './CatalogFillDialog.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';
import { useStandardLabels } from '../settings-fields.tsx';

type Fmeda = ApiData<'/api/fmeda/worksheet'>;
type ServerRow = Fmeda['rows'][number];
/** A row as the grid holds it: the stored one, or one added here and not saved yet (no id). */
type Row = Omit<ServerRow, 'id' | 'version' | 'sort' | 'sourceNodeId' | 'sourceFailureId'> & { key: string; id: string | null };
type Column = 'elementName' | 'elementFit' | 'failureMode' | 'distributionPct' | 'faultClass' | 'residualMechanism' | 'dcResidualPct' | 'latentMechanism' | 'dcLatentPct';
const NUMBERS: readonly Column[] = ['elementFit', 'distributionPct', 'dcResidualPct', 'dcLatentPct'];
const OPTIONAL: readonly Column[] = ['dcResidualPct', 'dcLatentPct', 'residualMechanism', 'latentMechanism'];

const rowsOf = (view: Fmeda): Row[] => view.rows.map(({ version: _v, sort: _s, sourceNodeId: _n, sourceFailureId: _f, ...r }) => ({ ...r, key: r.id }));
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.').replace(/%$/, '')));

/** The row with one cell changed to the typed text (numbers parsed; a blank optional cell is none). */
function withValue(row: Row, column: Column, text: string): Row {
  if (NUMBERS.includes(column)) return { ...row, [column]: toNumber(text) ?? (OPTIONAL.includes(column) ? null : Number.NaN) };
  return { ...row, [column]: OPTIONAL.includes(column) ? text.trim() || null : text };
}

/**
 * The FMEDA worksheet (issue 23): one row per failure mode, the columns in the order, edited in the
 * workbench's DataGrid. Each committed cell saves the whole worksheet (POST /api/fmeda/saveRows against its
 * version, the server checking every row); the metrics beside it are computed here from the rows as they
 * stand, the cell being typed included, with core's pure functions — so the ASIL verdicts change as a DC
 * value is typed, before it is saved.
 */
export default function WorksheetStep({ projectId, readOnly, remoteRevision }: StepProps) {
  const { t } = useLingui();
  const grid = useGridLabels();
  const standards = useStandardLabels();
  const [view, setView] = useState<Fmeda | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [typing, setTyping] = useState<{ key: string; column: Column; text: string } | null>(null);
  const [dialog, setDialog] = useState<'catalog' | 'settings' | null>(null);
  const [failed, setFailed] = useState(false);
  // saves go one after another: each names the version the one before answered
  const queue = useRef<Promise<void>>(Promise.resolve());
  const current = useRef<Fmeda | null>(null);
  const added = useRef(0);

  const show = useCallback((next: Fmeda) => {
    current.current = next;
    setView(next);
    setRows(rowsOf(next));
  }, []);

  useEffect(() => {
    api
      .get('/api/fmeda/worksheet', { projectId })
      .then(show)
      .catch((error) => {
        setFailed(true);
        notifyError(error);
      });
  }, [projectId, remoteRevision, show]);

  /** Saves the rows as the user left them; a refusal (its messages name row and field) puts back what the server holds. */
  const save = (next: Row[]): Promise<void> => {
    setRows(next);
    queue.current = queue.current.then(async () => {
      const base = current.current!;
      try {
        const body = next.map(({ key: _k, id, ...r }) => ({ ...r, id }));
        show(await api.post('/api/fmeda/saveRows', { projectId, version: base.version, rows: body }));
      } catch (error) {
        notifyError(error);
        show(current.current!);
      }
    });
    return queue.current;
  };

  const onCellChange = (row: Row, columnId: string, value: string) => save(rows.map((r) => (r.key === row.key ? withValue(r, columnId as Column, value) : r)));
  const onDraftChange = (row: Row, columnId: string, draft: string | null) => setTyping(draft === null ? null : { key: row.key, column: columnId as Column, text: draft });

  // the rows as they stand, the cell being typed included: what the metrics are computed from
  const live = useMemo(() => {
    const withTyped = typing ? rows.map((r) => (r.key === typing.key ? withValue(r, typing.column, typing.text) : r)) : rows;
    // a cell that is no number yet counts as nothing until it is one
    return withTyped.map((r) => ({ ...r, elementFit: Number.isFinite(r.elementFit) ? r.elementFit : 0, distributionPct: Number.isFinite(r.distributionPct) ? r.distributionPct : 0, dcResidualPct: Number.isFinite(r.dcResidualPct ?? 0) ? r.dcResidualPct : null, dcLatentPct: Number.isFinite(r.dcLatentPct ?? 0) ? r.dcLatentPct : null }));
  }, [rows, typing]);
  const metrics = useMemo(() => fmedaMetrics(metricRows(live)), [live]);

  const classLabels: Record<string, string> = { safe: t`safe`, 'single-point': t`single-point`, 'multiple-point': t`multiple-point` };
  const number = (min: number, max: number | null, optional: boolean) => (text: string) => {
    const value = toNumber(text);
    if (value === null) return optional ? null : t`Enter a number.`;
    if (!Number.isFinite(value) || value < min || (max !== null && value > max)) return max === null ? t`Enter a number of ${min} or more.` : t`Enter a number from ${min} to ${max}.`;
    return null;
  };
  const text = (optional: boolean) => (value: string) => (!optional && !value.trim() ? t`Enter a name.` : null);
  const columns: DataGridColumn<Row>[] = [
    { id: 'elementName', header: t`Element`, accessor: 'elementName', width: 170, editable: { type: 'text', validate: text(false) } },
    { id: 'elementFit', header: t`Element failure rate (FIT)`, accessor: 'elementFit', width: 120, editable: { type: 'number', validate: number(0, null, false) } },
    { id: 'failureMode', header: t`Failure mode`, accessor: 'failureMode', width: 190, editable: { type: 'text', validate: text(false) } },
    { id: 'distributionPct', header: t`Distribution (%)`, accessor: 'distributionPct', width: 120, editable: { type: 'number', validate: number(0, 100, false) } },
    {
      id: 'faultClass',
      header: t`Fault class`,
      accessor: (r) => classLabels[r.faultClass] ?? r.faultClass,
      width: 128,
      editable: { type: 'select', options: FAULT_CLASSES.map((c) => ({ value: c, label: classLabels[c]! })) },
    },
    { id: 'residualMechanism', header: t`Safety mechanism (residual)`, accessor: (r) => r.residualMechanism ?? '', width: 170, editable: { type: 'text', validate: text(true) } },
    { id: 'dcResidualPct', header: t`DC residual (%)`, accessor: (r) => r.dcResidualPct ?? '', width: 104, editable: { type: 'number', validate: number(0, 100, true) } },
    { id: 'latentMechanism', header: t`Safety mechanism (latent)`, accessor: (r) => r.latentMechanism ?? '', width: 170, editable: { type: 'text', validate: text(true) } },
    { id: 'dcLatentPct', header: t`DC latent (%)`, accessor: (r) => r.dcLatentPct ?? '', width: 104, editable: { type: 'number', validate: number(0, 100, true) } },
    ...(readOnly
      ? []
      : [
          {
            id: 'remove',
            header: t`Actions`,
            width: 84,
            hideable: false,
            cell: (r: Row) => (
              <Button kind="link" data-testid="fmeda-row-remove" onClick={() => void remove(r)}>
                <Trans>Remove</Trans>
              </Button>
            ),
          },
        ]),
  ];

  const remove = async (row: Row) => {
    const element = row.elementName;
    const mode = row.failureMode;
    if (!(await confirm({ title: t`Remove row`, message: t`Remove the failure mode “${mode}” of ${element} from the worksheet?`, danger: true }))) return;
    await save(rows.filter((x) => x.key !== row.key));
  };

  const addRow = () => {
    const last = rows[rows.length - 1];
    added.current += 1;
    void save([
      ...rows,
      { key: `new-${added.current}`, id: null, elementName: last?.elementName ?? t`New element`, elementFit: last?.elementFit ?? 0, failureMode: t`New failure mode`, distributionPct: 0, faultClass: 'single-point', residualMechanism: null, dcResidualPct: null, latentMechanism: null, dcLatentPct: null, catalogRecordId: null },
    ]);
  };

  if (failed) return <EmptyState title={<Trans>The worksheet could not be opened</Trans>} />;
  if (!view) return <div className="page-loading" aria-busy="true" />;
  const s = view.settings;
  return (
    <div className="fmeda-worksheet" data-testid="fmeda-worksheet">
      <div className="fmeda-toolbar">
        <span className="fmeda-standard" data-testid="fmeda-settings-summary">
          {standards.standard[s.standard]}
          {' · '}
          {s.standard === 'iec61508' ? `SIL ${s.targetSil ?? '–'} · ${s.elementType ? standards.elementType[s.elementType] : ''} · HFT ${s.hft ?? '–'}` : t`target ASIL ${s.targetAsil ?? '–'}`}
          {s.safetyGoal ? <span className="fmeda-goal" data-user-content>{` · ${s.safetyGoal}`}</span> : null}
        </span>
        <span className="fmeda-spacer" />
        {readOnly ? null : (
          <>
            <Button data-testid="fmeda-add-row" onClick={addRow}>
              <Trans>Add row</Trans>
            </Button>
            <Button data-testid="fmeda-fill-catalog" onClick={() => setDialog('catalog')}>
              <Trans>Fill from hardware catalog</Trans>
            </Button>
            <Button data-testid="fmeda-settings" onClick={() => setDialog('settings')}>
              <Trans>Standard and target</Trans>
            </Button>
          </>
        )}
      </div>
      <div className="fmeda-main">
        <div className="fmeda-grid">
          <DataGrid<Row>
            aria-label={t`FMEDA worksheet`}
            gridId="fmeda-worksheet"
            columns={columns}
            rowKey={(r) => r.key}
            rows={rows}
            pageLocalRows
            pageSize={50}
            canEditRow={() => !readOnly}
            onCellChange={readOnly ? undefined : onCellChange}
            onDraftChange={readOnly ? undefined : onDraftChange}
            emptyText={readOnly ? t`This FMEDA has no rows yet.` : t`No rows yet: add one, fill an element from the hardware catalog, or create the FMEDA from a DFMEA.`}
            labels={grid}
          />
        </div>
        <MetricsPanel metrics={metrics} standard={s.standard} targetAsil={s.targetAsil} targetSil={s.targetSil} elementType={s.elementType} hft={s.hft} />
      </div>
      {dialog === 'catalog' ? (
        <CatalogFillDialog
          projectId={projectId}
          version={view.version}
          elements={[...new Set(rows.map((r) => r.elementName))]}
          onClose={() => setDialog(null)}
          onSaved={(next) => {
            setDialog(null);
            show(next);
          }}
        />
      ) : null}
      {dialog === 'settings' ? (
        <SettingsDialog
          view={view}
          onClose={() => setDialog(null)}
          onSaved={(next) => {
            setDialog(null);
            show(next);
          }}
        />
      ) : null}
    </div>
  );
}
