import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { parseControlList, type ApLevel } from '@fmea/core/domain';
import { api, Button, confirm, DataGrid, RowMarker, useGridLabels, type DataGridColumn, type DataGridEditable, type DataGridQuery } from '@fmea/sdk';
import type { StepProps } from '../types.ts';
import { useFmeaKind } from '../kind.tsx';
import { CatalogCell, ControlCatalogMarks } from '../risk/CatalogCell.tsx';
import { ControlsCell, ControlsDialog, type ControlsTarget } from '../risk/ControlsDialog.tsx';
import { FtaMarker } from '../fta/FtaLinks.tsx';
import { LoopMarker } from '../loop/ProjectProposals.tsx';
import { SpcBadge, useSpcCapability } from '../loop/SpcBadge.tsx';
import { DvpControlBadges, RerateMarker } from '../dvp/ProjectDvp.tsx';
import { GenerateFaultTreeButton } from '../fta/GenerateFaultTree.tsx';
import { apColor, fetchRiskGrid, parseRating, rate, rowKey, UNFINISHED, useApLookup, useReloadOnConflict, type ControlKind, type ControlRow, type GridControl, type RiskRow } from '../risk/risk-api.ts';

/** Ratings and control texts changed in this view since the last load, by failure id (S on the effect, O/D and controls on the cause). */
interface Local {
  severity?: number | null;
  occurrence?: number | null;
  det?: number | null;
  version?: number;
  /** The cause's controls after edits in this view (ids and versions for the next edit). */
  controlItems?: GridControl[];
}

const SEPARATOR = '; ';
const PAGE_SIZES = [500, 2000, 5000, 20000];
const FOCUS_PAGE_SIZE = PAGE_SIZES.at(-1)!;

/** The texts of one kind of control, in their order. */
const texts = (controls: readonly GridControl[], kind: ControlKind) =>
  controls
    .filter((c) => c.kind === kind)
    .sort((a, b) => a.sort - b.sort)
    .map((c) => c.description);

/** Step 5: the risk grid, one row per failure chain FE–FM–FC in AIAG-VDA form order. */
export default function RiskAnalysisStep({ projectId, readOnly, apTable, remoteRevision, focusItemId }: StepProps) {
  const { t } = useLingui();
  const gridLabels = useFmeaKind().texts?.gridLabels;
  const labels = useGridLabels();
  const lookup = useApLookup(apTable);
  const spc = useSpcCapability(projectId);
  const [filters, setFilters] = useState({ highAp: false, openActions: false, special: false });
  const [reloadKey, setReloadKey] = useState(0);
  const [, setTick] = useState(0);
  const local = useRef(new Map<string, Local>());
  /** A rating being typed, not yet committed: AP and RPN preview it. */
  const [typing, setTyping] = useState<{ failureId: string; field: 'severity' | 'occurrence' | 'det'; value: number | null } | null>(null);
  /** The control editor open on a cause's controls of one kind. */
  const [controlsOf, setControlsOf] = useState<ControlsTarget | null>(null);

  const patch = (id: string, change: Local) => {
    local.current.set(id, { ...local.current.get(id), ...change });
    setTick((n) => n + 1);
  };
  // local edits stay on screen until the new page replaces them (fetchPage clears them), so nothing flickers
  const reload = useCallback(() => setReloadKey((n) => n + 1), []);
  /** An open cell editor defers another member's change until it closes, so nothing typed is lost. */
  const editorOpen = useRef(false);
  const remotePending = useRef(false);
  const lastSave = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    if (remoteRevision === 0) return;
    if (editorOpen.current) remotePending.current = true;
    else reload();
  }, [remoteRevision, reload]);

  const fetchPage = useCallback(
    async ({ page, limit }: DataGridQuery) => {
      const answer = await fetchRiskGrid({
        projectId,
        page,
        limit,
        ap: filters.highAp ? 'H' : undefined,
        openActions: filters.openActions ? '1' : undefined,
        special: filters.special ? '1' : undefined,
      });
      local.current.clear();
      return answer;
    },
    [projectId, filters],
  );

  /** The ratings as shown: local edits over the loaded row. */
  const view = (row: RiskRow) => {
    let e = row.effect ? local.current.get(row.effect.id) : undefined;
    let c = row.cause ? local.current.get(row.cause.id) : undefined;
    if (typing && typing.failureId === row.effect?.id) e = { ...e, [typing.field]: typing.value };
    if (typing && typing.failureId === row.cause?.id) c = { ...c, [typing.field]: typing.value };
    const severity = e && e.severity !== undefined ? e.severity : row.severity;
    const occurrence = c && c.occurrence !== undefined ? c.occurrence : row.occurrence;
    const det = c && c.det !== undefined ? c.det : row.det;
    const edited = (e && e.severity !== undefined) || (c && (c.occurrence !== undefined || c.det !== undefined));
    const risk = edited ? rate(lookup, severity, occurrence, det) : { ap: row.ap, rpn: row.rpn };
    const controls = c?.controlItems ?? row.controls;
    return { severity, occurrence, det, ...risk, prevention: texts(controls, 'prevention'), detection: texts(controls, 'detection') };
  };

  const failed = useReloadOnConflict(reload);

  const rateEffect = async (row: RiskRow, text: string) => {
    const effect = row.effect;
    if (!effect) throw new Error(t`This chain has no failure effect to rate.`);
    const severity = parseRating(text);
    if (severity === undefined) throw new Error(t`A rating is a whole number from 1 to 10.`);
    const before = local.current.get(effect.id);
    patch(effect.id, { severity });
    try {
      const saved = await api.post('/api/fmea/rateEffect', { id: effect.id, version: before?.version ?? effect.version, severity });
      patch(effect.id, { severity: saved.severity, version: saved.version });
    } catch (error) {
      patch(effect.id, { severity: before?.severity });
      failed(error);
    }
  };

  const rateCause = async (row: RiskRow, field: 'occurrence' | 'det', text: string) => {
    const cause = row.cause;
    if (!cause) throw new Error(t`This chain has no failure cause to rate.`);
    const value = parseRating(text);
    if (value === undefined) throw new Error(t`A rating is a whole number from 1 to 10.`);
    const before = local.current.get(cause.id);
    patch(cause.id, { [field]: value });
    try {
      const saved = await api.post('/api/fmea/rateCause', {
        id: cause.id,
        version: before?.version ?? cause.version,
        [field]: value,
      });
      patch(cause.id, { occurrence: saved.occurrence, det: saved.det, version: saved.version });
    } catch (error) {
      patch(cause.id, { [field]: before?.[field] });
      failed(error);
    }
  };

  /** Control texts are edited as one list ("; " between controls), saved in one call: the server keeps, rewords, adds and removes (setControls). */
  const editControls = async (row: RiskRow, kind: ControlKind, text: string) => {
    const cause = row.cause;
    if (!cause) throw new Error(t`This chain has no failure cause for a control.`);
    const wanted = parseControlList(text);
    const current = kind === 'prevention' ? view(row).prevention : view(row).detection;
    if (wanted.join(SEPARATOR) === current.join(SEPARATOR)) return;
    // the row carries the cause's controls with ids and versions; edits made here since the load win
    const items = [...(local.current.get(cause.id)?.controlItems ?? row.controls)];
    const existing = items.filter((c) => c.kind === kind).sort((a, b) => a.sort - b.sort);
    try {
      const saved = await api.post('/api/fmea/setControls', { causeId: cause.id, kind, descriptions: wanted, seen: existing.map(({ id, version }) => ({ id, version })) });
      const before = new Map(items.map((c) => [c.id, c]));
      // reworded away from the record's wording, a control no longer cites it (the server cleared its link)
      const mine = saved.map((c) => ({ id: c.id, version: c.version, kind, description: c.description, sort: c.sort, catalog: c.catalogRecordId === null ? null : (before.get(c.id)?.catalog ?? null) }));
      patch(cause.id, { controlItems: [...items.filter((c) => c.kind !== kind), ...mine] });
    } catch (error) {
      failed(error);
    }
  };

  /** Live AP/RPN while a rating editor is open: the grid reports the draft as it is typed, null when it closes. */
  const onDraftChange = (row: RiskRow, columnId: string, draft: string | null) => {
    editorOpen.current = draft !== null;
    if (draft === null && remotePending.current) {
      remotePending.current = false;
      // after the editor's own save (it starts right after the editor closes): the reload shows both changes
      setTimeout(() => void lastSave.current.catch(() => undefined).then(reload), 0);
    }
    if (columnId !== 'severity' && columnId !== 'occurrence' && columnId !== 'det') return;
    const failureId = columnId === 'severity' ? row.effect?.id : row.cause?.id;
    const value = draft === null ? undefined : parseRating(draft);
    setTyping(failureId && value !== undefined ? { failureId, field: columnId, value } : null);
  };

  const save = (row: RiskRow, columnId: string, value: string): Promise<void> => {
    if (columnId === 'severity') return rateEffect(row, value);
    if (columnId === 'occurrence' || columnId === 'det') return rateCause(row, columnId, value);
    if (columnId === 'prevention' || columnId === 'detection') return editControls(row, columnId, value);
    return Promise.resolve();
  };
  const onCellChange = (row: RiskRow, columnId: string, value: string) => {
    setTyping(null);
    if (readOnly) return Promise.resolve();
    const saving = save(row, columnId, value);
    lastSave.current = saving;
    return saving;
  };

  /**
   * S belongs to the failure effect, O and D to the cause: a rating changes every chain of the project
   * that shares it. The editor says so, and clearing a shared rating asks first.
   */
  const shared = (row: RiskRow, field: 'severity' | 'occurrence' | 'det') => (field === 'severity' ? row.effect?.chains : row.cause?.chains) ?? 1;
  const ratingEditor = (field: 'severity' | 'occurrence' | 'det'): DataGridEditable<RiskRow> | undefined =>
    readOnly
      ? undefined
      : {
          type: 'number',
          validate: (v: string) => (parseRating(v) === undefined ? t`A rating is a whole number from 1 to 10.` : null),
          hint: (row) => {
            const n = shared(row, field);
            if (n < 2) return null;
            return field === 'severity'
              ? plural(n, { other: 'Applies to # rows: S belongs to the failure effect' })
              : plural(n, { other: 'Applies to # rows: O and D belong to the failure cause' });
          },
          confirm: (row, value) => {
            const n = shared(row, field);
            if (value.trim() !== '' || n < 2) return true;
            const failure = field === 'severity' ? (row.effect?.description ?? '') : (row.cause?.description ?? '');
            const rating = field === 'severity' ? t`S` : field === 'occurrence' ? t`O` : t`D`;
            return confirm({
              title: t`Clear the rating on ${n} rows?`,
              message:
                field === 'severity'
                  ? t`${rating} of the failure effect “${failure}” is cleared on all ${n} rows that share it; their AP and RPN become empty.`
                  : t`${rating} of the failure cause “${failure}” is cleared on all ${n} rows that share it; their AP and RPN become empty.`,
              danger: true,
            });
          },
        };
  const textEditor = readOnly ? undefined : ({ type: 'text' } as const);
  /** A control cell: its texts, and the control editor (catalog suggestions, push to knowledge) a click away. */
  const controlsCell = (kind: ControlKind) => (r: RiskRow) => {
    const text = view(r)[kind].join(SEPARATOR);
    const cause = r.cause;
    if (!cause) return text;
    const label = kind === 'prevention' ? t`Prevention controls with the catalog` : t`Detection controls with the catalog`;
    const controls = (local.current.get(cause.id)?.controlItems ?? r.controls).filter((c) => c.kind === kind).sort((a, b) => a.sort - b.sort);
    return (
      <>
        <ControlsCell text={text} label={label} onOpen={() => setControlsOf({ projectId, nodeId: r.elementId, cause, kind })} />
        <ControlCatalogMarks controls={controls} />
        {kind === 'detection' ? <DvpControlBadges controls={controls} /> : null}
        {/* each control named on the row, so a check finding on a control (a detection control without DVP test) finds its row */}
        {controls.map((c) => (
          <span key={c.id} className="dfmea-item-anchor" data-item-id={c.id} />
        ))}
      </>
    );
  };
  const classLabel: Record<string, string> = { safety: t`Safety`, critical: t`Critical`, significant: t`Significant`, general: t`General` };

  const columns: DataGridColumn<RiskRow>[] = [
    // the row's discussion: on its cause (O, D, controls and actions belong to it), on the mode when the chain has no cause
    {
      id: 'discussion',
      header: t`Discussion`,
      width: 100,
      cell: (r) => (r.cause ? <RowMarker kind="failure" id={r.cause.id} label={r.cause.description} /> : <RowMarker kind="failure" id={r.mode.id} label={r.mode.description} />),
    },
    { id: 'higherElement', header: gridLabels?.higherElement ?? t`Next higher element`, width: 140, accessor: (r) => r.effect?.elementName ?? '' },
    { id: 'element', header: gridLabels?.element ?? t`Focus element`, width: 140, accessor: 'elementName' },
    { id: 'lowerElement', header: gridLabels?.lowerElement ?? t`Next lower element`, width: 140, accessor: (r) => r.cause?.elementName ?? '' },
    {
      id: 'function',
      header: gridLabels?.function ?? t`Focus function`,
      width: 180,
      accessor: (r) => (r.requirement ? `${r.functionDescription} (${r.requirement})` : r.functionDescription),
      cell: (r) => <CatalogCell text={r.requirement ? `${r.functionDescription} (${r.requirement})` : r.functionDescription} catalog={r.functionCatalog} />,
    },
    {
      id: 'effect',
      header: t`Failure effect (FE)`,
      width: 180,
      accessor: (r) => r.effect?.description ?? '',
      cell: (r) => (
        <>
          <FtaMarker failure={r.effect} />
          <CatalogCell text={r.effect?.description ?? ''} catalog={r.effect?.catalog} />
        </>
      ),
    },
    { id: 'severity', header: t`S`, width: 56, accessor: (r) => view(r).severity ?? '', editable: ratingEditor('severity') },
    {
      id: 'mode',
      header: t`Failure mode (FM)`,
      width: 180,
      accessor: (r) => r.mode.description,
      cell: (r) => (
        <>
          <FtaMarker failure={r.mode} />
          <LoopMarker failureId={r.mode.id} />
          <CatalogCell text={r.mode.description} catalog={r.mode.catalog} />
        </>
      ),
    },
    {
      id: 'cause',
      header: t`Failure cause (FC)`,
      width: 180,
      accessor: (r) => r.cause?.description ?? '',
      // an item in a fault tree (effect: top event, mode: gate, cause: basic event): its marker, first so a clipped
      // text never hides it, opens the trees and, for a cause, the cut sets it is in (docs/domain/fta.md)
      cell: (r) => (
        <>
          <FtaMarker failure={r.cause} />
          <LoopMarker failureId={r.cause?.id} />
          <RerateMarker causeId={r.cause?.id} />
          <CatalogCell text={r.cause?.description ?? ''} catalog={r.cause?.catalog} />
          {r.cause ? <SpcBadge entries={spc.get(r.cause.id)} occurrence={r.cause.occurrence} /> : null}
        </>
      ),
    },
    { id: 'prevention', header: t`Prevention control`, width: 180, accessor: (r) => view(r).prevention.join(SEPARATOR), cell: controlsCell('prevention'), editable: textEditor },
    { id: 'occurrence', header: t`O`, width: 56, accessor: (r) => view(r).occurrence ?? '', editable: ratingEditor('occurrence') },
    { id: 'detection', header: t`Detection control`, width: 180, accessor: (r) => view(r).detection.join(SEPARATOR), cell: controlsCell('detection'), editable: textEditor },
    { id: 'det', header: t`D`, width: 56, accessor: (r) => view(r).det ?? '', editable: ratingEditor('det') },
    { id: 'ap', header: t`AP`, width: 56, accessor: (r) => view(r).ap ?? '', cell: (r) => <ApBadge ap={view(r).ap} /> },
    { id: 'rpn', header: t`RPN`, width: 64, accessor: (r) => view(r).rpn ?? '' },
    {
      id: 'special',
      header: t`Special characteristic`,
      width: 150,
      accessor: (r) => r.specialCharacteristics.map((c) => c.name).join(SEPARATOR),
      cell: (r) => (r.characteristicClass ? `${classLabel[r.characteristicClass] ?? r.characteristicClass}: ${r.specialCharacteristics.map((c) => c.name).join(SEPARATOR)}` : ''),
    },
    { id: 'openActions', header: t`Open actions`, width: 90, accessor: (r) => r.actions.filter((a) => UNFINISHED.includes(a.status)).length || '' },
  ];

  // a check finding's chain (its effect, mode, cause or one of its controls): scrolled to and marked, wherever it is in the grid
  const reveal = useMemo(
    () => (focusItemId ? { match: (r: RiskRow) => r.cause?.id === focusItemId || r.effect?.id === focusItemId || r.mode.id === focusItemId || r.controls.some((c) => c.id === focusItemId) } : null),
    [focusItemId],
  );

  const toggle = (key: keyof typeof filters) => setFilters((f) => ({ ...f, [key]: !f[key] }));
  // filters start again on page 1 (queryKey); saves and live changes reload the same page (reloadKey)
  const filterKey = useMemo(() => [filters.highAp, filters.openActions, filters.special].join(':'), [filters]);

  const toolbar = (
    <div className="dfmea-risk-filters" role="group" aria-label={t`Filters`} style={{ display: 'flex', gap: 4 }}>
      <Button kind={filters.highAp ? 'primary' : 'default'} aria-pressed={filters.highAp} onClick={() => toggle('highAp')}>
        {t`AP = H`}
      </Button>
      <Button kind={filters.openActions ? 'primary' : 'default'} aria-pressed={filters.openActions} onClick={() => toggle('openActions')}>
        {t`Open actions`}
      </Button>
      <Button kind={filters.special ? 'primary' : 'default'} aria-pressed={filters.special} onClick={() => toggle('special')}>
        {t`Special characteristics`}
      </Button>
      <Button onClick={reload}>{t`Reload`}</Button>
      <GenerateFaultTreeButton projectId={projectId} />
    </div>
  );

  return (
    <div className="dfmea-risk">
    <DataGrid<RiskRow>
      aria-label={t`Risk analysis`}
      columns={columns}
      rowKey={rowKey}
      fetchPage={fetchPage}
      reloadKey={reloadKey}
      queryKey={filterKey}
      // opened at a finding: the largest page, so its chain is on it (the virtualised grid renders only what shows)
      pageSize={focusItemId ? FOCUS_PAGE_SIZE : 500}
      pageSizeOptions={PAGE_SIZES}
      reveal={reveal}
      virtualize
      height={600}
      canEditRow={() => !readOnly}
      onCellChange={readOnly ? undefined : onCellChange}
      onDraftChange={readOnly ? undefined : onDraftChange}
      emptyText={t`No failure chains yet. Link failure effects, modes and causes in the failure analysis.`}
      labels={labels}
      toolbar={toolbar}
    />
    {controlsOf ? (
      <ControlsDialog
        target={controlsOf}
        readOnly={readOnly}
        onClose={(changed) => {
          setControlsOf(null);
          if (changed) reload();
        }}
      />
    ) : null}
    </div>
  );
}

function ApBadge({ ap }: { ap: ApLevel | null }) {
  if (!ap) return null;
  return <span style={{ display: 'inline-block', minWidth: 22, textAlign: 'center', borderRadius: 3, padding: '0 4px', color: '#fff', fontWeight: 600, background: apColor[ap] }}>{ap}</span>;
}
