import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, DataGrid, type ApiData, type DataGridColumn, type DataGridQuery, formatDateTime, notifyError, PageHeader, useGridLabels, useGuardedNavigate } from '@fmea/sdk';
import { AREAS, favouriteKinds, projectLink } from '@fmea/core/domain';
import '../personal.css';

/** One of the caller's favourites. */
type Favourite = ApiData<'/api/collect/list'>['items'][number];

/** What each kind of favourite is called: the areas contribute them (`contributes.favourites`). */
const KINDS = new Map(favouriteKinds(AREAS).map((kind) => [kind.type, kind.title]));

/** Where a starred item opens: a project on its kind's page (spec 001 §2 deep link); other items have no page yet. */
const pageOf = (item: Favourite): string | null => (item.projectType ? projectLink(item.projectType, item.targetId) : null);

/** My favourites: the projects (and later knowledge entries) the user starred, newest first. */
export default function MyFavouritesPage() {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const navigate = useGuardedNavigate();
  const [reloadKey, setReloadKey] = useState(0);

  const fetchPage = useCallback(async ({ page, limit }: DataGridQuery) => {
    const data = await api.post('/api/collect/list', { page, limit });
    return { items: data.items, total: data.total };
  }, []);

  const typeLabel = (item: Favourite) => KINDS.get(item.collectType)?.[i18n.locale === 'en-US' ? 'en-US' : 'zh-CN'] ?? t`Analysis item`;

  async function remove(item: Favourite) {
    try {
      await api.post('/api/collect/remove', { collectType: item.collectType, targetId: item.targetId });
      setReloadKey((k) => k + 1);
    } catch (error) {
      notifyError(error);
    }
  }

  const columns: DataGridColumn<Favourite>[] = [
    { id: 'type', header: t`Type`, width: 140, cell: (item) => typeLabel(item) },
    {
      id: 'name',
      header: t`Name`,
      hideable: false,
      cell: (item) => {
        const label = [item.serialNum, item.name].filter(Boolean).join(' · ') || item.targetId;
        const to = pageOf(item);
        return to ? (
          <Button kind="link" data-testid="favourite-open" onClick={() => void navigate(to)}>
            {label}
          </Button>
        ) : (
          label
        );
      },
    },
    { id: 'createdAt', header: t`Collected at`, width: 170, cell: (item) => formatDateTime(item.createdAt, i18n.locale) },
    {
      id: 'actions',
      header: t`Actions`,
      width: 170,
      hideable: false,
      cell: (item) => (
        <Button kind="link" data-testid="favourite-remove" onClick={() => void remove(item)}>
          <Trans>Remove from collection</Trans>
        </Button>
      ),
    },
  ];

  return (
    <div className="page" data-testid="my-favourites-page">
      <PageHeader title={t`My favourites`} />
      <DataGrid<Favourite>
        aria-label={t`My favourites`}
        columns={columns}
        rowKey={(item) => item.id}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        emptyText={t`No favourites yet. Star a project in its list and it appears here.`}
        labels={labels}
      />
    </div>
  );
}
