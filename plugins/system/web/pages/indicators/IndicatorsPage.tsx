import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, FormError, localName, PageHeader, SettingsActions, TextInput, usePermission, useSettingsDraft, type ApiData } from '@fmea/sdk';
import { Switch } from '../../common/Switch.tsx';
import '../../system.css';

type Indicator = ApiData<'/api/dashboard/settings'>[number];
/** A row of the form: the sort edited as text so a half-typed value is not turned into 0. */
type Row = { id: string; title: Indicator['title']; sortGroup: string | null; enabled: boolean; sort: string };

const draftOf = (list: Indicator[]): Row[] => list.map((i) => ({ id: i.id, title: i.title, sortGroup: i.sortGroup, enabled: i.enabled, sort: String(i.sort) }));
// a sort that is no number goes as typed (as NaN), so the server's message names it on its row
const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Workbench indicators (spec 000 §2.4 "workbench indicator settings", §5 sort values; docs/domain/dashboard.md):
 * which indicators the home page shows and in what order. Indicators of one sort group may share a sort
 * value; sharing one, the home page shows them side by side.
 */
export default function IndicatorsPage() {
  const { t, i18n } = useLingui();
  const canEdit = usePermission('system_indicator')('edit');
  const editor = useSettingsDraft(() => api.get('/api/dashboard/settings'), draftOf);
  const { draft, setDraft, errors } = editor;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft) return;
    void editor.save((rows) => api.post('/api/dashboard/saveSettings', { indicators: rows.map((r) => ({ indicator: r.id, enabled: r.enabled, sort: asNumber(r.sort) })) }), {
      saved: t`Workbench indicators saved`,
      fields: draft.flatMap((r) => [`sort:${r.id}`, `indicator:${r.id}`]),
      serverFields: Object.fromEntries(draft.flatMap((r, i) => [[`indicators.${i}.sort`, `sort:${r.id}`], [`indicators.${i}.indicator`, `indicator:${r.id}`]])),
    });
  }

  if (!draft) return <div className="page">{editor.loaded.error ? <FormError message={editor.loaded.error} /> : <div className="page-loading" aria-busy="true" />}</div>;
  const change = (id: string, patch: Partial<Row>) => setDraft(draft.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const titleOf = (r: Pick<Row, 'title'>) => localName(i18n.locale, r.title['zh-CN'], r.title['en-US']);
  const partners = (r: Row) => draft.filter((o) => o.id !== r.id && r.sortGroup !== null && o.sortGroup === r.sortGroup).map(titleOf).join(', ');

  return (
    <form noValidate className="page" onSubmit={submit} aria-label={t`Workbench indicators`} data-testid="system-indicators">
      <PageHeader title={<Trans>Workbench indicators</Trans>} actions={<SettingsActions editor={editor} canEdit={canEdit} />} />
      <p className="muted">
        <Trans>The home page shows the indicators turned on, by sort value, smallest first, each to the users holding its work area. Sort values are positive whole numbers and differ, except that indicators marked as sharing a place may take the same value: the home page then shows them side by side.</Trans>
      </p>
      <ul className="sys-flags">
        {draft.map((r) => {
          const title = titleOf(r);
          const error = errors.fields[`sort:${r.id}`] || errors.fields[`indicator:${r.id}`];
          return (
            <li key={r.id} className="sys-flag" data-indicator={r.id}>
              <label htmlFor={`indicator-sort-${r.id}`}>
                {title}
                {r.sortGroup !== null ? <span className="sys-flag-description">{t`May share its place with: ${partners(r)}`}</span> : null}
                {/* the key the CLI takes (fmea dashboard set <indicator>) */}
                <span className="muted sys-flag-code">{r.id}</span>
                {error ? (
                  <span className="field-error">
                    <span className="field-message" role="alert">
                      {error}
                    </span>
                  </span>
                ) : null}
              </label>
              <span className="sys-inline">
                <TextInput
                  id={`indicator-sort-${r.id}`}
                  name={`sort:${r.id}`}
                  className="input sys-indicator-sort"
                  type="number"
                  min={1}
                  step={1}
                  aria-label={t`Sort of ${title}`}
                  aria-invalid={error ? true : undefined}
                  value={r.sort}
                  disabled={!canEdit}
                  onChange={(e) => (change(r.id, { sort: e.target.value }), editor.clearError(`sort:${r.id}`))}
                />
                <Switch label={t`Show ${title}`} checked={r.enabled} disabled={!canEdit} onChange={(on) => change(r.id, { enabled: on })} />
              </span>
            </li>
          );
        })}
      </ul>
      <FormError message={errors.message} />
    </form>
  );
}
