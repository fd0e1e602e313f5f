import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { api, type ApiData } from '../../api/typed-client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useGridLabels } from '../../shell/grid-labels.ts';
import { DataGrid } from '../data-grid/index.ts';
import type { DataGridColumn, DataGridQuery } from '../data-grid/index.ts';
import { useScoreLabels } from './labels.ts';
import './scores.css';

type HistoryRow = ApiData<'/api/score/history'>['items'][number];

/** A user's score history (the ledger), newest first, paged by the server; the caller's own without `userId`. */
export function ScoreHistoryGrid({ userId }: { userId?: string }) {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const names = useScoreLabels();
  const fetchPage = useCallback(({ page, limit }: DataGridQuery) => api.post('/api/score/history', { page, limit, ...(userId ? { userId } : {}) }), [userId]);
  const columns: DataGridColumn<HistoryRow>[] = [
    { id: 'at', header: t`Time`, accessor: (r) => formatDateTime(r.at, i18n.locale), width: 160 },
    { id: 'reason', header: t`Earned for`, accessor: (r) => names.reason(r.reason), width: 200 },
    { id: 'kind', header: t`Score`, accessor: (r) => names.kind(r.kind), width: 130 },
    { id: 'points', header: t`Points`, width: 90, accessor: 'points', cell: (r) => <span className="score-points-plus">+{r.points}</span> },
  ];
  return (
    <DataGrid<HistoryRow>
      aria-label={t`Score history`}
      columns={columns}
      rowKey={(r) => r.id}
      fetchPage={fetchPage}
      queryKey={userId ?? ''}
      labels={labels}
      emptyText={t`No points earned yet`}
    />
  );
}
