import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAIN_VIEW_PANELS, MIDDLE_PANELS } from '@fmea/core/domain';
import { api, FormError, PageHeader, Select, SettingsActions, usePermission, useSettingsDraft, type ApiData } from '@fmea/sdk';
import '../../system.css';

type Views = ApiData<'/api/fmea/mainView'>;
type Side = keyof Views;
type Panel = Views['dfmea']['left'][number];
type StepMenu = Views['dfmea']['stepMenu'];
/** The form's draft: each panel's workspace, and the step menu, per side. */
type Place = 'left' | 'right' | 'middle';
type Draft = Record<Side, { places: { panel: Panel; place: Place }[]; stepMenu: StepMenu }>;

const SIDES: Side[] = ['dfmea', 'pfmea'];
const draftOf = (views: Views): Draft =>
  Object.fromEntries(
    SIDES.map((side) => [
      side,
      { places: MAIN_VIEW_PANELS.map((panel) => ({ panel, place: views[side].left.includes(panel) ? 'left' : views[side].right.includes(panel) ? 'right' : 'middle' })), stepMenu: views[side].stepMenu },
    ]),
  ) as Draft;

/**
 * FMEA main view (spec 000 §2.4 "FMEA main-view configuration for DFMEA and PFMEA: left/right workspace; text,
 * icon or both"; docs/domain/administration.md): per side, the workspace each of the project page's tool panels
 * opens in, and how its step menu reads.
 */
export default function MainViewPage() {
  const { t } = useLingui();
  const canEdit = usePermission('system_mainView')('edit');
  const editor = useSettingsDraft(() => api.get('/api/fmea/mainView'), draftOf);
  const { draft, setDraft, errors } = editor;
  const sideLabel: Record<Side, string> = { dfmea: t`Design side (DFMEA and the analyses built on it)`, pfmea: t`Process side (PFMEA)` };
  const panelLabel: Record<Panel, string> = { review: t`Review`, checks: t`Checks before release`, proposals: t`Change proposals`, baselines: t`Baselines`, taskLog: t`Task log` };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft) return;
    const body = Object.fromEntries(
      SIDES.map((side) => [side, { left: draft[side].places.filter((p) => p.place === 'left').map((p) => p.panel), right: draft[side].places.filter((p) => p.place === 'right').map((p) => p.panel), stepMenu: draft[side].stepMenu }]),
    ) as Record<Side, { left: string[]; right: string[]; stepMenu: string }>;
    void editor.save(() => api.post('/api/fmea/saveMainView', body), { saved: t`FMEA main view saved`, fields: SIDES.map((s) => `${s}.stepMenu`) });
  }

  if (!draft) return <div className="page">{editor.loaded.error ? <FormError message={editor.loaded.error} /> : <div className="page-loading" aria-busy="true" />}</div>;
  const setSide = (side: Side, patch: Partial<Draft[Side]>) => setDraft({ ...draft, [side]: { ...draft[side], ...patch } });

  return (
    <form noValidate className="page" onSubmit={submit} aria-label={t`FMEA main view`} data-testid="system-main-view">
      <PageHeader title={<Trans>FMEA main view</Trans>} actions={<SettingsActions editor={editor} canEdit={canEdit} />} />
      <p className="muted">
        <Trans>For each side, where the FMEA project page opens its tool panels (docked in the left or the right workspace, or in the middle as a dialog) and whether its step menu shows each step’s name, its icon or both.</Trans>
      </p>
      <div className="sys-main-view">
        {SIDES.map((side) => (
          <fieldset key={side} data-side={side}>
            <legend>{sideLabel[side]}</legend>
            <table className="sys-table">
              <tbody>
                {draft[side].places.map(({ panel, place }) => (
                  <tr key={panel}>
                    <td>
                      <label htmlFor={`main-view-${side}-${panel}`}>{panelLabel[panel]}</label>
                    </td>
                    <td>
                      <Select
                        id={`main-view-${side}-${panel}`}
                        className="input sys-main-view-place"
                        value={place}
                        disabled={!canEdit}
                        onChange={(e) => setSide(side, { places: draft[side].places.map((p) => (p.panel === panel ? { panel, place: e.target.value as Place } : p)) })}
                        options={[
                          { value: 'left', label: t`Left workspace` },
                          { value: 'right', label: t`Right workspace` },
                          ...(MIDDLE_PANELS.includes(panel) ? [{ value: 'middle', label: t`Middle (a dialog)` }] : []),
                        ]}
                      />
                    </td>
                  </tr>
                ))}
                <tr>
                  <td>
                    <label htmlFor={`main-view-${side}-stepMenu`}>{t`Step menu`}</label>
                  </td>
                  <td>
                    <Select
                      id={`main-view-${side}-stepMenu`}
                      className="input sys-main-view-place"
                      value={draft[side].stepMenu}
                      disabled={!canEdit}
                      onChange={(e) => setSide(side, { stepMenu: e.target.value as StepMenu })}
                      options={[
                        { value: 'text', label: t`Text` },
                        { value: 'icon', label: t`Icon` },
                        { value: 'both', label: t`Icon and text` },
                      ]}
                    />
                    {errors.fields[`${side}.stepMenu`] ? <span className="field-message" role="alert">{errors.fields[`${side}.stepMenu`]}</span> : null}
                  </td>
                </tr>
              </tbody>
            </table>
          </fieldset>
        ))}
      </div>
      <FormError message={errors.message} />
    </form>
  );
}
