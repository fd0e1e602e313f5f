import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, DataGrid, type DataGridColumn, EmptyState, localName, notify, notifyError, PageHeader, useLoad, usePermission } from '@fmea/sdk';
import { useGridLabels } from '@fmea/sdk';
import { loadUserPicks } from '../../common/lookups.ts';
import type { SiteButton, Site } from '../../common/types.ts';
import { useAdminScope } from '../../common/admin-scope.ts';
import { DepartmentsPanel } from './DepartmentsPanel.tsx';
import { SiteDialog } from './SiteDialogs.tsx';
import { SiteUsersPanel } from './SiteUsersPanel.tsx';
import '../../system.css';

/** Sites and departments (spec 000 §3 "Site", "Department"): sites with licences and users, their departments and members. */
export default function SitesPage() {
  const { t, i18n } = useLingui();
  const buttons = usePermission('system_site');
  const scope = useAdminScope();
  // the site list and licences are super-administrator settings
  const allowed = (button: SiteButton) => buttons(button) && scope.configuresSites;
  const labels = useGridLabels();
  const sites = useLoad(() => api.get('/api/site/selectSiteList'), []);
  const users = useLoad(() => loadUserPicks(), []);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Site | 'new' | null>(null);
  const list = sites.data ?? [];
  const selected = list.find((s) => s.id === selectedId) ?? list[0] ?? null;

  async function remove(site: Site) {
    if (!(await confirm({ title: t`Delete site`, message: t`Delete the site ${localName(i18n.locale, site.siteName, site.siteNameEn)}?`, danger: true }))) return;
    try {
      await api.post('/api/site/deleteSites', { ids: [site.id] });
      notify('success', t`Site ${localName(i18n.locale, site.siteName, site.siteNameEn)} deleted`);
      sites.reload();
    } catch (error) {
      notifyError(error);
    }
  }

  const columns = ([
    // the name in the user's language; the other language's name is a column the user may show
    { id: 'siteName', header: t`Site name`, accessor: (s) => localName(i18n.locale, s.siteName, s.siteNameEn), width: 160, hideable: false },
    i18n.locale === 'en-US'
      ? { id: 'siteNameZh', header: t`Chinese name`, accessor: 'siteName', width: 160, hidden: true }
      : { id: 'siteNameEn', header: t`English name`, accessor: 'siteNameEn', width: 160, hidden: true },
    { id: 'licenceCount', header: t`Licences`, accessor: (s) => (s.licenceCount > 0 ? s.licenceCount : t`Unlimited`), width: 90 },
    { id: 'userCount', header: t`Users`, accessor: 'userCount', width: 80 },
    { id: 'onlineCount', header: t`Online`, accessor: 'onlineCount', width: 80 },
    {
      id: 'actions',
      header: t`Actions`,
      width: 140,
      hideable: false,
      cell: (s) => (
        <span className="sys-row-actions">
          {allowed('edit') ? (
            <Button kind="link" onClick={(e) => (e.stopPropagation(), setEditing(s))}>
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          {allowed('del') ? (
            <Button kind="link" className="btn btn-link sys-danger-link" onClick={(e) => (e.stopPropagation(), void remove(s))}>
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </span>
      ),
    },
  ] satisfies DataGridColumn<Site>[]).filter((c) => c.id !== 'actions' || allowed('edit') || allowed('del'));

  return (
    <div className="page" data-testid="system-sites">
      <PageHeader
        title={<Trans>Sites and departments</Trans>}
        actions={
          allowed('add') ? (
            <Button kind="primary" onClick={() => setEditing('new')}>
              <Trans>New site</Trans>
            </Button>
          ) : null
        }
      />
      <DataGrid<Site>
        aria-label={t`Sites`}
        columns={columns}
        rows={list}
        rowKey={(s) => s.id}
        onRowClick={(s) => setSelectedId(s.id)}
        selectedKey={selected?.id ?? null}
        labels={labels}
        emptyText={sites.error ?? (sites.loading ? t`Loading…` : t`No sites yet`)}
      />
      {selected ? (
        <>
          <h3 className="sys-section-title">
            <Trans>Site {localName(i18n.locale, selected.siteName, selected.siteNameEn)}</Trans>
          </h3>
          <div className="sys-columns">
            <DepartmentsPanel key={`d:${selected.id}`} site={selected} users={users.data ?? []} allowed={(b) => buttons(b) && scope.managesSite(selected.id)} />
            <SiteUsersPanel key={`u:${selected.id}`} site={selected} allowed={(b) => buttons(b) && scope.managesSite(selected.id)} onChanged={sites.reload} />
          </div>
        </>
      ) : (
        <EmptyState title={<Trans>No site chosen</Trans>} />
      )}
      {editing ? (
        <SiteDialog
          site={editing === 'new' ? null : editing}
          users={users.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={(s) => {
            setEditing(null);
            notify('success', t`Site ${localName(i18n.locale, s.siteName, s.siteNameEn)} saved`);
            sites.reload();
          }}
        />
      ) : null}
    </div>
  );
}
