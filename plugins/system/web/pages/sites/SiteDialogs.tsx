import { useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, localName, Select, TextInput, useForm } from '@fmea/sdk';
import { userLabel } from '../../common/lookups.ts';
import type { Department, Site, UserPick } from '../../common/types.ts';

const userOptions = (users: UserPick[], none: string) => [{ value: '', label: none }, ...users.map((u) => ({ value: u.id, label: userLabel(u) }))];

/** Create (site null) or edit a site: names, licence count, administrator and group leader. */
export function SiteDialog({ site, users, onClose, onSaved }: { site: Site | null; users: UserPick[]; onClose: () => void; onSaved: (site: Site) => void }) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initial: {
      siteName: site?.siteName ?? '',
      siteNameEn: site?.siteNameEn ?? '',
      licenceCount: String(site?.licenceCount ?? 0),
      adminUserId: site?.adminUserId ?? '',
      leaderUserId: site?.leaderUserId ?? '',
    },
    save: (d) =>
      api.post('/api/site/saveSite', {
        ...(site ? { id: site.id } : {}),
        siteName: d.siteName.trim(),
        siteNameEn: d.siteNameEn.trim(),
        licenceCount: Number(d.licenceCount),
        adminUserId: d.adminUserId || null,
        leaderUserId: d.leaderUserId || null,
      }),
    onSaved,
    // the site service names the names as a site holds them
    serverFields: { name: 'siteName', nameEn: 'siteNameEn' },
  });
  const { draft, set, error } = form;
  return (
    <FormDialog form={form} title={site ? t`Edit site ${localName(i18n.locale, site.siteName, site.siteNameEn)}` : t`New site`} onClose={onClose}>
      <Field label={t`Site name`} error={error('siteName')} required>
        {(id) => <TextInput id={id} name="siteName" maxLength={200} value={draft.siteName} onChange={(e) => set('siteName', e.target.value)} />}
      </Field>
      <Field label={t`English name`} error={error('siteNameEn')}>
        {(id) => <TextInput id={id} name="siteNameEn" maxLength={200} value={draft.siteNameEn} onChange={(e) => set('siteNameEn', e.target.value)} />}
      </Field>
      <Field label={t`Licence count`} error={error('licenceCount')} hint={t`How many users of this site may be signed in at once; 0 means no limit.`}>
        {(id) => <TextInput id={id} name="licenceCount" type="number" min={0} step={1} value={draft.licenceCount} onChange={(e) => set('licenceCount', e.target.value)} />}
      </Field>
      <Field label={t`Site administrator`} error={error('adminUserId')}>
        {(id) => <Select id={id} value={draft.adminUserId} onChange={(e) => set('adminUserId', e.target.value)} options={userOptions(users, t`(none)`)} />}
      </Field>
      <Field label={t`Group leader`} error={error('leaderUserId')}>
        {(id) => <Select id={id} value={draft.leaderUserId} onChange={(e) => set('leaderUserId', e.target.value)} options={userOptions(users, t`(none)`)} />}
      </Field>
    </FormDialog>
  );
}

/** Create (department null) or edit a department of a site. */
export function DepartmentDialog({ siteId, department, users, onClose, onSaved }: { siteId: string; department: Department | null; users: UserPick[]; onClose: () => void; onSaved: (d: Department) => void }) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initial: { number: department?.number ?? '', name: department?.name ?? '', nameEn: department?.nameEn ?? '', adminUserId: department?.adminUserId ?? '' },
    save: (d) =>
      api.post('/api/department/save', {
        ...(department ? { id: department.id } : { siteId }),
        number: d.number.trim(),
        name: d.name.trim(),
        nameEn: d.nameEn.trim(),
        adminUserId: d.adminUserId || null,
      }),
    onSaved,
  });
  const { draft, set, error } = form;
  return (
    <FormDialog form={form} title={department ? t`Edit department ${localName(i18n.locale, department.name, department.nameEn)}` : t`New department`} onClose={onClose}>
      <Field label={t`Number`} error={error('number')} required>
        {(id) => <TextInput id={id} name="number" maxLength={20} value={draft.number} onChange={(e) => set('number', e.target.value)} />}
      </Field>
      <Field label={t`Name`} error={error('name')} required>
        {(id) => <TextInput id={id} name="name" maxLength={200} value={draft.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field label={t`English name`} error={error('nameEn')} hint={t`Empty: English readers see the name above`}>
        {(id) => <TextInput id={id} name="nameEn" maxLength={200} value={draft.nameEn} onChange={(e) => set('nameEn', e.target.value)} />}
      </Field>
      <Field label={t`Department administrator`} error={error('adminUserId')}>
        {(id) => <Select id={id} value={draft.adminUserId} onChange={(e) => set('adminUserId', e.target.value)} options={userOptions(users, t`(none)`)} />}
      </Field>
    </FormDialog>
  );
}
