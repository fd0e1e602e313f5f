import { useCallback, useState, type FormEvent } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, CheckList, confirm, DataGrid, Field, FormDialog, localName, notify, notifyError, TextInput, useForm, useGridLabels, useLoad, type ApiData, type DataGridColumn, type DataGridQuery } from '@fmea/sdk';
import { loadUserPicks, userLabel } from '../../common/lookups.ts';
import type { SiteButton, Site, UserPick } from '../../common/types.ts';

type SiteUser = ApiData<'/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}'>['items'][number];

/** The members of a site (group): paged list with search, add users, take users out. */
export function SiteUsersPanel({ site, allowed, onChanged }: { site: Site; allowed: (button: SiteButton) => boolean; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const [searchText, setSearchText] = useState('');
  const [searchKey, setSearchKey] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  const [adding, setAdding] = useState(false);
  const changed = () => (setReloadKey((n) => n + 1), onChanged());

  const fetchPage = useCallback(
    async ({ page, limit }: DataGridQuery) => {
      const at = { from: (page - 1) * limit, pageSize: limit, siteId: site.id };
      return searchKey ? api.get('/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}/{searchKey}', { ...at, searchKey }) : api.get('/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}', at);
    },
    [site.id, searchKey],
  );

  async function takeOut(u: SiteUser) {
    if (!(await confirm({ title: t`Remove from site`, message: t`Take ${u.userName} out of ${localName(i18n.locale, site.siteName, site.siteNameEn)}?`, danger: true }))) return;
    try {
      await api.post('/api/siteUser/deleteSiteUsers', { siteId: site.id, userIds: [u.id] });
      notify('success', t`${u.userName} removed from the site`);
      changed();
    } catch (error) {
      notifyError(error);
    }
  }

  const columns = ([
    { id: 'userName', header: t`User name`, accessor: 'userName', width: 120 },
    { id: 'realName', header: t`Real name`, accessor: (u) => localName(i18n.locale, u.realName, u.realNameEn), width: 110 },
    { id: 'jobNumber', header: t`Job number`, accessor: 'jobNumber', width: 100 },
    { id: 'home', header: t`Home site`, cell: (u) => (u.homeSite ? t`Yes` : ''), width: 80 },
    {
      id: 'actions',
      header: t`Actions`,
      width: 90,
      hideable: false,
      cell: (u) =>
        allowed('edit') && !u.homeSite ? (
          <Button kind="link" className="btn btn-link sys-danger-link" onClick={() => void takeOut(u)}>
            <Trans>Remove</Trans>
          </Button>
        ) : null,
    },
  ] satisfies DataGridColumn<SiteUser>[]).filter((c) => c.id !== 'actions' || allowed('edit'));

  const search = (e: FormEvent) => {
    e.preventDefault();
    setSearchKey(searchText.trim());
  };

  return (
    <section className="sys-panel" aria-label={t`Site users`} data-testid="site-users">
      <div className="page-header">
        <h3>
          <Trans>Site users</Trans>
        </h3>
        {allowed('edit') ? (
          <Button onClick={() => setAdding(true)}>
            <Trans>Add users</Trans>
          </Button>
        ) : null}
      </div>
      <DataGrid<SiteUser>
        aria-label={t`Site users`}
        columns={columns}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        queryKey={`${site.id}:${searchKey}`}
        rowKey={(u) => u.id}
        labels={labels}
        emptyText={searchKey ? t`No member matches the search` : t`This site has no users yet`}
        toolbar={
          <form noValidate className="sys-toolbar" onSubmit={search} role="search">
            <TextInput aria-label={t`Search members`} placeholder={t`User name, real name or job number`} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
            <Button type="submit">
              <Trans>Search</Trans>
            </Button>
          </form>
        }
      />
      {adding ? <AddSiteUsersDialog site={site} onClose={() => setAdding(false)} onAdded={() => (setAdding(false), changed())} /> : null}
    </section>
  );
}

function AddSiteUsersDialog({ site, onClose, onAdded }: { site: Site; onClose: () => void; onAdded: () => void }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [searchKey, setSearchKey] = useState('');
  // the users ticked so far stay listed (and named) whatever the search shows
  const [picked, setPicked] = useState<UserPick[]>([]);
  const found = useLoad(() => loadUserPicks(searchKey, 50), [searchKey]);
  const form = useForm({
    initial: { userIds: [] as string[] },
    save: (d) => api.post('/api/siteUser/saveSiteUsers', { siteId: site.id, userIds: d.userIds }),
    onSaved: (_, d) => {
      notify('success', plural(d.userIds.length, { one: '# user added to the site', other: '# users added to the site' }));
      onAdded();
    },
  });
  const chosen = picked.filter((u) => form.draft.userIds.includes(u.id));
  const options = [...chosen, ...(found.data ?? []).filter((u) => !chosen.some((c) => c.id === u.id))];
  const search = () => setSearchKey(text.trim());

  return (
    <FormDialog
      form={form}
      title={t`Add users to ${localName(i18n.locale, site.siteName, site.siteNameEn)}`}
      submitLabel={<Trans>Add</Trans>}
      submitDisabled={form.draft.userIds.length === 0}
      onClose={onClose}
    >
      <div className="sys-toolbar" role="search">
        <TextInput
          aria-label={t`Search users`}
          placeholder={t`User name or real name`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          // Enter searches here; it does not add the users ticked so far
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), search())}
        />
        <Button onClick={search}>
          <Trans>Search</Trans>
        </Button>
      </div>
      <Field label={t`Users`} error={form.error('userIds')}>
        {(id) => (
          <div className="sys-scroll-list">
            {options.length === 0 ? (
              <p className="muted">{found.loading ? t`Loading…` : t`No user found`}</p>
            ) : (
              <CheckList
                id={id}
                options={options.map((u) => ({ value: u.id, label: userLabel(u) }))}
                value={form.draft.userIds}
                onChange={(ids) => {
                  setPicked(options.filter((u) => ids.includes(u.id)));
                  form.set('userIds', ids);
                }}
              />
            )}
          </div>
        )}
      </Field>
    </FormDialog>
  );
}
