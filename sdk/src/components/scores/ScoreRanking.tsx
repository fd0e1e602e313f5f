import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, type ApiData } from '../../api/typed-client.ts';
import { useLoad } from '../../api/use-load.ts';
import { localName, personName } from '../../i18n/format.ts';
import { useGridLabels } from '../../shell/grid-labels.ts';
import { DataGrid, type DataGridColumn, type DataGridQuery } from '../data-grid/index.ts';
import { Drawer } from '../Drawer.tsx';
import { Button, Field, Select, TextInput } from '../form.tsx';
import { GradeTag } from './GradeTag.tsx';
import { ScoreHistoryGrid } from './ScoreHistoryGrid.tsx';
import { UserScoreCard } from './UserScoreCard.tsx';
import './scores.css';

type Row = ApiData<'/api/score/ranking'>['items'][number];

interface Filters {
  siteId: string;
  departmentId: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { siteId: '', departmentId: '', from: '', to: '' };

/** Local calendar days to the instants the server compares: from the start of `from` to the end of `to`. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).getTime() : undefined);
const dayAfter = (day: string) => (day ? new Date(`${day}T00:00:00`).getTime() + 86_400_000 : undefined);

/**
 * The user score ranking (spec 001 §2 reports; docs/domain/user-scores.md): highest total first, narrowed
 * by site, department and period; a row opens the person's scores and history. The task area's report and
 * the system area's user score page show it; `reloadKey` reads it again (after a recompute).
 */
export function ScoreRanking({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const places = useLoad(() => api.get('/api/score/rankingFilters'), []);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [open, setOpen] = useState<Row | null>(null);
  const locale = i18n.locale;

  const fetchPage = useCallback(
    ({ page, limit }: DataGridQuery) =>
      api.post('/api/score/ranking', {
        page,
        limit,
        siteId: filters.siteId || undefined,
        departmentId: filters.departmentId || undefined,
        from: dayStart(filters.from),
        to: dayAfter(filters.to),
      }),
    [filters],
  );
  const set = (key: keyof Filters, value: string) => setDraft((d) => ({ ...d, [key]: value, ...(key === 'siteId' ? { departmentId: '' } : {}) }));
  const apply = (e: FormEvent) => (e.preventDefault(), setFilters(draft));
  const sites = places.data?.sites ?? [];
  const departments = (places.data?.departments ?? []).filter((d) => !draft.siteId || d.siteId === draft.siteId);
  const periodic = Boolean(filters.from || filters.to);

  const columns: DataGridColumn<Row>[] = [
    { id: 'rank', header: t`Rank`, accessor: 'rank', width: 70 },
    { id: 'name', header: t({ message: 'Name', context: 'person' }), hideable: false, accessor: (r) => personName(locale, r), width: 160 },
    { id: 'userName', header: t`User name`, accessor: 'userName', width: 130, hidden: true },
    { id: 'department', header: t`Department`, accessor: (r) => localName(locale, r.departmentName, r.departmentNameEn), width: 160 },
    { id: 'site', header: t`Site`, accessor: (r) => localName(locale, r.siteName, r.siteNameEn), width: 130 },
    { id: 'contribution', header: t`Contribution score`, accessor: 'contributionScore', width: 120 },
    { id: 'activity', header: t`Activity score`, accessor: 'activityScore', width: 110 },
    { id: 'total', header: t`Total`, accessor: 'totalScore', width: 90 },
    { id: 'grade', header: t`Grade`, width: 130, cell: (r) => <GradeTag grade={r.grade} /> },
  ];

  return (
    <div data-testid="score-ranking">
      <form noValidate className="ranking-filters" onSubmit={apply} role="search" aria-label={t`Filter the ranking`}>
        <Field label={t`Site`}>
          {(id) => <Select id={id} value={draft.siteId} onChange={(e) => set('siteId', e.target.value)} options={[{ value: '', label: t`All sites` }, ...sites.map((s) => ({ value: s.id, label: localName(locale, s.name, s.nameEn) }))]} />}
        </Field>
        <Field label={t`Department`}>
          {(id) => (
            <Select
              id={id}
              value={draft.departmentId}
              onChange={(e) => set('departmentId', e.target.value)}
              options={[{ value: '', label: t`All departments` }, ...departments.map((d) => ({ value: d.id, label: localName(locale, d.name, d.nameEn) }))]}
            />
          )}
        </Field>
        <Field label={t`From`}>{(id) => <TextInput id={id} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />}</Field>
        <Field label={t`To`}>{(id) => <TextInput id={id} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />}</Field>
        <div className="ranking-filter-actions">
          <Button kind="primary" type="submit">
            <Trans>Apply filters</Trans>
          </Button>
          <Button onClick={() => (setDraft(EMPTY), setFilters(EMPTY))}>
            <Trans>Reset</Trans>
          </Button>
        </div>
      </form>
      <p className="muted ranking-note">
        {periodic ? <Trans>Scores earned in the period; grades from all-time scores.</Trans> : <Trans>All-time scores. Choose a period to rank what was earned in it.</Trans>}
      </p>
      <DataGrid<Row>
        aria-label={t`Score ranking`}
        columns={columns}
        rowKey={(r) => r.userId}
        fetchPage={fetchPage}
        queryKey={`${reloadKey}:${JSON.stringify(filters)}`}
        onRowClick={(r) => setOpen(r)}
        selectedKey={open?.userId ?? null}
        labels={labels}
        emptyText={t`No users match`}
      />
      {open ? (
        <Drawer title={personName(locale, open)} width={720} testId="ranking-person" onClose={() => setOpen(null)}>
          <UserScoreCard userId={open.userId} />
          <ScoreHistoryGrid userId={open.userId} />
        </Drawer>
      ) : null}
    </div>
  );
}
