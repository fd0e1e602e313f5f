import { useCallback, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { parseControlList, type ApLevel, type MsrControlKind } from '@fmea/core/domain';
import { api, Button, DataGrid, RowMarker, useGridLabels, type ApiData, type DataGridColumn, type DataGridEditable } from '@fmea/sdk';
import type { StepProps } from '../types.ts';
import { apColor, parseRating, useApLookup, useReloadOnConflict } from '../risk/risk-api.ts';

/** A row of the MSR form (GET /api/fmea/msr): a failure cause with its MSR ratings, controls and actions. */
export type MsrRow = ApiData<'/api/fmea/msr'>['rows'][number];
type MsrControl = MsrRow['monitoringControls'][number];
type RatingField = 'msrFrequency' | 'msrMonitoring' | 'msrSeverity';

/** What was saved in this view since the last load, by cause id. */
interface Local {
  msrFrequency?: number | null;
  msrMonitoring?: number | null;
  msrSeverity?: number | null;
  msrEffect?: string | null;
  version?: number;
  monitoring?: MsrControl[];
  response?: MsrControl[];
}

const SEPARATOR = '; ';

/**
 * The FMEA-MSR failure analysis (`part="failure"`: each cause under its mode
 * with the most severe effect and the frequency F of the cause in the field)
 * and risk analysis (`part="risk"`: current diagnostic monitoring and system
 * response, the most severe effect after the response and its severity, M and
 * the MSR AP from the stored MSR rules), one row per failure cause on the
 * shared DataGrid (docs/domain/msr.md).
 */
export function MsrStep({ projectId, readOnly, remoteRevision, apTable, part }: StepProps & { part: 'failure' | 'risk' }) {
  const { t } = useLingui();
  const labels = useGridLabels();
  const lookup = useApLookup('msr');
  const [reloadKey, setReloadKey] = useState(0);
  const [, setTick] = useState(0);
  const local = useRef(new Map<string, Local>());
  const reload = useCallback(() => setReloadKey((n) => n + 1), []);
  useEffect(() => {
    if (remoteRevision > 0) reload();
  }, [remoteRevision, reload]);

  const fetchPage = useCallback(async () => {
    const form = await api.get('/api/fmea/msr', { projectId });
    local.current.clear();
    return { items: form.rows, total: form.rows.length };
  }, [projectId]);

  const patch = (id: string, change: Local) => {
    local.current.set(id, { ...local.current.get(id), ...change });
    setTick((n) => n + 1);
  };
  const pick = <K extends keyof Local>(row: MsrRow, key: K, loaded: Local[K]): Local[K] => {
    const mine = local.current.get(row.causeId);
    return mine && mine[key] !== undefined ? mine[key] : loaded;
  };
  /** The row as shown: saved edits over the loaded row, and the MSR AP of what is shown. */
  const view = (row: MsrRow) => {
    const frequency = pick(row, 'msrFrequency', row.frequency) ?? null;
    const monitoring = pick(row, 'msrMonitoring', row.monitoring) ?? null;
    const edited = local.current.has(row.causeId);
    const ap: ApLevel | null = !edited ? row.ap : row.severity !== null && frequency !== null && monitoring !== null && lookup ? lookup(row.severity, frequency, monitoring) : null;
    return {
      frequency,
      monitoring,
      severityAfter: pick(row, 'msrSeverity', row.severityAfterResponse) ?? null,
      effectAfter: pick(row, 'msrEffect', row.effectAfterResponse) ?? '',
      monitoringControls: pick(row, 'monitoring', row.monitoringControls) ?? [],
      responseControls: pick(row, 'response', row.responseControls) ?? [],
      ap,
    };
  };

  const failed = useReloadOnConflict(reload);

  const saveRating = async (row: MsrRow, field: RatingField | 'msrEffect', value: number | string | null) => {
    const before = local.current.get(row.causeId);
    try {
      const saved = await api.post('/api/fmea/rateMsr', { id: row.causeId, version: before?.version ?? row.version, [field]: value });
      patch(row.causeId, { msrFrequency: saved.msrFrequency, msrMonitoring: saved.msrMonitoring, msrSeverity: saved.msrSeverity, msrEffect: saved.msrEffect, version: saved.version });
    } catch (error) {
      failed(error);
    }
  };

  /** Monitoring or response texts as one list ("; " between them), saved in one setControls call as the risk grid's controls are. */
  const saveControls = async (row: MsrRow, kind: MsrControlKind, text: string) => {
    const key = kind === 'monitoring' ? 'monitoring' : 'response';
    const current = view(row)[kind === 'monitoring' ? 'monitoringControls' : 'responseControls'];
    const wanted = parseControlList(text);
    if (wanted.join(SEPARATOR) === current.map((c) => c.description).join(SEPARATOR)) return;
    try {
      const saved = await api.post('/api/fmea/setControls', { causeId: row.causeId, kind, descriptions: wanted, seen: current.map(({ id, version }) => ({ id, version })) });
      patch(row.causeId, { [key]: saved.map((c) => ({ id: c.id, version: c.version, kind, description: c.description })) });
    } catch (error) {
      failed(error);
    }
  };

  const onCellChange = (row: MsrRow, columnId: string, value: string): Promise<void> => {
    if (readOnly) return Promise.resolve();
    if (columnId === 'frequency' || columnId === 'monitoring' || columnId === 'severityAfter') {
      const rating = parseRating(value);
      if (rating === undefined) return Promise.reject(new Error(t`A rating is a whole number from 1 to 10.`));
      const field: RatingField = columnId === 'frequency' ? 'msrFrequency' : columnId === 'monitoring' ? 'msrMonitoring' : 'msrSeverity';
      return saveRating(row, field, rating);
    }
    if (columnId === 'effectAfter') return saveRating(row, 'msrEffect', value.trim() === '' ? null : value.trim());
    if (columnId === 'monitoringControls') return saveControls(row, 'monitoring', value);
    if (columnId === 'responseControls') return saveControls(row, 'response', value);
    return Promise.resolve();
  };

  const ratingEditor: DataGridEditable<MsrRow> | undefined = readOnly
    ? undefined
    : { type: 'number', validate: (v: string) => (parseRating(v) === undefined ? t`A rating is a whole number from 1 to 10.` : null) };
  const textEditor = readOnly ? undefined : ({ type: 'text' } as const);
  const joined = (controls: readonly MsrControl[]) => controls.map((c) => c.description).join(SEPARATOR);

  const chain: DataGridColumn<MsrRow>[] = [
    { id: 'discussion', header: t`Discussion`, width: 86, cell: (r) => <RowMarker kind="failure" id={r.causeId} label={r.cause} /> },
    { id: 'element', header: t`Focus element`, width: 130, accessor: 'elementName', hidden: part === 'risk' },
    { id: 'function', header: t`Focus function`, width: 170, accessor: 'functionDescription', hidden: part === 'risk' },
    { id: 'effect', header: t`Most severe failure effect (FE)`, width: 140, accessor: (r) => r.effect ?? '' },
    { id: 'severity', header: t`S`, width: 44, accessor: (r) => r.severity ?? '' },
    { id: 'mode', header: t`Failure mode (FM)`, width: 170, accessor: (r) => r.modes.join(SEPARATOR), hidden: part === 'risk' },
    { id: 'cause', header: t`Failure cause (FC)`, width: 150, accessor: 'cause', cell: (r) => <span data-item-id={r.causeId}>{r.cause}</span> },
    { id: 'frequency', header: t`Frequency (F)`, width: 100, accessor: (r) => view(r).frequency ?? '', editable: ratingEditor },
  ];
  const risk: DataGridColumn<MsrRow>[] = [
    { id: 'monitoringControls', header: t`Current diagnostic monitoring`, width: 160, accessor: (r) => joined(view(r).monitoringControls), editable: textEditor },
    { id: 'responseControls', header: t`Current system response`, width: 150, accessor: (r) => joined(view(r).responseControls), editable: textEditor },
    { id: 'effectAfter', header: t`Most severe failure effect after system response`, width: 160, accessor: (r) => view(r).effectAfter, editable: textEditor },
    { id: 'severityAfter', header: t`S after system response`, width: 90, accessor: (r) => view(r).severityAfter ?? '', editable: ratingEditor },
    { id: 'monitoring', header: t`Monitoring (M)`, width: 100, accessor: (r) => view(r).monitoring ?? '', editable: ratingEditor },
    { id: 'ap', header: t`MSR AP`, width: 70, accessor: (r) => view(r).ap ?? '', cell: (r) => <MsrApBadge ap={view(r).ap} /> },
  ];

  return (
    <div className="dfmea-risk" data-testid={`msr-${part}`}>
      {part === 'risk' ? <MsrApTableNote apTable={apTable} /> : null}
      <DataGrid<MsrRow>
        aria-label={part === 'failure' ? t`FMEA-MSR failure analysis` : t`FMEA-MSR risk analysis`}
        columns={part === 'failure' ? chain : [...chain, ...risk]}
        rowKey={(r) => r.causeId}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        pageSize={500}
        pageSizeOptions={[500, 2000]}
        height={520}
        canEditRow={() => !readOnly}
        onCellChange={readOnly ? undefined : onCellChange}
        emptyText={t`No failure causes under a failure mode yet. Link modes and causes in the failure analysis.`}
        labels={labels}
        toolbar={<Button onClick={reload}>{t`Reload`}</Button>}
      />
    </div>
  );
}

const AP_TABLE_NAMES: Record<StepProps['apTable'], string> = { dfmea: 'DFMEA', pfmea: 'PFMEA', msr: 'FMEA-MSR' };

/** Which rule set rates what on an MSR project: the MSR AP always the FMEA-MSR table, the DFMEA steps the project's own (docs/domain/msr.md). */
export function MsrApTableNote({ apTable }: { apTable: StepProps['apTable'] }) {
  const { t } = useLingui();
  const table = AP_TABLE_NAMES[apTable];
  return (
    <p className="muted" data-testid="msr-ap-table">
      {t`The MSR AP is read from the FMEA-MSR rule set (Business rules → AP rules → FMEA-MSR, where the cells not verified against the handbook are marked); the DFMEA steps rate S, O and D with the project's ${table} rule set.`}
    </p>
  );
}

export function MsrApBadge({ ap }: { ap: ApLevel | null }) {
  if (!ap) return null;
  return (
    <span data-testid="msr-ap" style={{ display: 'inline-block', minWidth: 22, textAlign: 'center', borderRadius: 3, padding: '0 4px', color: '#fff', fontWeight: 600, background: apColor[ap] }}>
      {ap}
    </span>
  );
}

export const MsrFailureStep = (props: StepProps) => <MsrStep {...props} part="failure" />;
export const MsrRiskStep = (props: StepProps) => <MsrStep {...props} part="risk" />;
