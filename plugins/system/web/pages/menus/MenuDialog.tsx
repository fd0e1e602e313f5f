import { useLingui } from '@lingui/react/macro';
import { api, Button, Field, FormDialog, Select, TextInput, useForm, type ApiData } from '@fmea/sdk';

export type MenuEntry = ApiData<'/api/menu/tree'>[number];

interface Draft {
  title: string;
  titleEn: string;
  icon: string;
  hidden: 'shown' | 'hidden';
  sort: string;
}

const draftOf = (m: Pick<MenuEntry, 'title' | 'titleEn' | 'icon' | 'hidden' | 'sort'>): Draft => ({ title: m.title, titleEn: m.titleEn, icon: m.icon, hidden: m.hidden ? 'hidden' : 'shown', sort: String(m.sort) });

/** Edit what an administrator may change on a menu; route, path and buttons are the plugin's and only shown. */
export function MenuDialog({ entry, onClose, onSaved }: { entry: MenuEntry; onClose: () => void; onSaved: (entry: MenuEntry) => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: () => draftOf(entry),
    // a sort that is no number goes as typed (NaN), so the server's message names it
    save: (d) => api.post('/api/menu/saveOverride', { routeName: entry.routeName, title: d.title, titleEn: d.titleEn, icon: d.icon, hidden: d.hidden === 'hidden', sort: d.sort.trim() === '' ? Number.NaN : Number(d.sort) }),
    onSaved,
  });
  const { draft, set, error } = form;
  const restore = () => {
    const d = draftOf(entry.defaults);
    for (const key of Object.keys(d) as (keyof Draft)[]) set(key, d[key] as never);
  };
  const was = (value: string) => t`Definition: ${value}`;

  return (
    <FormDialog form={form} title={t`Edit menu ${entry.routeName}`} formId="sys-menu-form" formLabel={t`Menu`} onClose={onClose}>
      <p className="muted">{t`Path ${entry.path}; buttons: ${entry.buttons.join(', ') || '—'}. The route, its path and its buttons come from the work area and cannot be changed.`}</p>
      <Field label={t`Title`} error={error('title')} hint={was(entry.defaults.title)} required>
        {(id) => <TextInput id={id} name="title" maxLength={50} value={draft.title} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <Field label={t`English title`} error={error('titleEn')} hint={was(entry.defaults.titleEn)} required>
        {(id) => <TextInput id={id} name="titleEn" maxLength={50} value={draft.titleEn} onChange={(e) => set('titleEn', e.target.value)} />}
      </Field>
      <Field label={t`Icon`} error={error('icon')} hint={was(entry.defaults.icon)}>
        {(id) => <TextInput id={id} name="icon" maxLength={40} value={draft.icon} onChange={(e) => set('icon', e.target.value)} />}
      </Field>
      <Field label={t`Sort`} error={error('sort')} hint={was(String(entry.defaults.sort))}>
        {(id) => <TextInput id={id} name="sort" type="number" min={0} step={1} value={draft.sort} onChange={(e) => set('sort', e.target.value)} />}
      </Field>
      <Field label={t`In the menus`} error={error('hidden')}>
        {(id) => (
          <Select
            id={id}
            name="hidden"
            value={draft.hidden}
            onChange={(e) => set('hidden', e.target.value as Draft['hidden'])}
            options={[
              { value: 'shown', label: t`Shown` },
              { value: 'hidden', label: t`Hidden` },
            ]}
          />
        )}
      </Field>
      <Button data-testid="menu-restore" onClick={restore}>
        {t`Restore the definition’s values`}
      </Button>
    </FormDialog>
  );
}
