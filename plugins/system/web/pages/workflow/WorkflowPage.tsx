import { useState, type FormEvent } from 'react';
import { Tabs } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, FormError, localName, PageHeader, Select, SettingsActions, usePermission, useSettingsDraft, type ApiData } from '@fmea/sdk';
import { Switch } from '../../common/Switch.tsx';
import '../../system.css';

type Settings = ApiData<'/api/workflow/settings'>;
type FmeaRow = Settings['fmea'][number];

/**
 * Workflow settings and review requirements (spec 000 §2.4; docs/domain/workflow-settings.md): per FMEA type,
 * whether the verification countersigner takes part, whether one or every releaser releases, and who may be
 * named; per catalog type, whether the audit comes before the approval. The server applies them to review
 * rounds opened and records applied for afterwards.
 */
export default function WorkflowPage() {
  const { t, i18n } = useLingui();
  const canEdit = usePermission('system_workflow')('edit');
  const editor = useSettingsDraft(() => api.get('/api/workflow/settings'), (s: Settings) => s);
  const { draft, setDraft, errors } = editor;
  const [tab, setTab] = useState('fmea');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft) return;
    void editor.save(
      (s) =>
        api.post('/api/workflow/saveSettings', {
          fmea: s.fmea.map(({ kind, countersign, release, nominees }) => ({ kind, countersign, release, nominees })),
          catalog: s.catalog.map(({ type, audit }) => ({ type, audit })),
        }),
      { saved: t`Workflow settings saved`, fields: [], serverFields: {} },
    );
  }

  if (!draft) return <div className="page">{editor.loaded.error ? <FormError message={editor.loaded.error} /> : <div className="page-loading" aria-busy="true" />}</div>;
  const nameOf = (label: { 'zh-CN': string; 'en-US': string }) => localName(i18n.locale, label['zh-CN'], label['en-US']);
  const changeFmea = (kind: string, patch: Partial<FmeaRow>) => setDraft({ ...draft, fmea: draft.fmea.map((r) => (r.kind === kind ? { ...r, ...patch } : r)) });
  const changeNominees = (r: FmeaRow, patch: Partial<FmeaRow['nominees']>) => changeFmea(r.kind, { nominees: { ...r.nominees, ...patch } });
  const releaseOptions = [
    { value: 'rule', label: t`As the business rule says` },
    { value: 'one', label: t`One releaser` },
    { value: 'all', label: t`Every releaser` },
  ];
  const rankOptions = [
    { value: '', label: t`Any rank` },
    { value: '0', label: t`Super administrator` },
    { value: '1', label: t`Site administrator` },
    { value: '2', label: t`Creator` },
    { value: '3', label: t`Approver` },
  ];

  return (
    <form noValidate className="page" onSubmit={submit} aria-label={t`Workflow and review requirements`} data-testid="system-workflow">
      <PageHeader title={<Trans>Workflow and review requirements</Trans>} actions={<SettingsActions editor={editor} canEdit={canEdit} />} />
      <Tabs.Root value={tab} onValueChange={setTab} className="sys-tabs">
        <Tabs.List className="sys-tab-list" aria-label={t`Workflow settings`}>
          <Tabs.Trigger value="fmea" className="sys-tab" data-testid="workflow-tab-fmea">
            <Trans>FMEA review requirements</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="catalog" className="sys-tab" data-testid="workflow-tab-catalog">
            <Trans>Catalog review workflow</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="fmea" className="sys-tab-panel">
          <p className="muted">
            <Trans>Each submission names a professional and a quality reviewer (opinions), a technical director (approval and release) and a verification countersigner (release). Without a countersigner the technical director releases alone. The people named must be able to read the project, and must also meet the limits set here.</Trans>
          </p>
          <table className="sys-table sys-workflow-table">
            <thead>
              <tr>
                <th><Trans>FMEA type</Trans></th>
                <th><Trans>Countersigner</Trans></th>
                <th><Trans>Release by</Trans></th>
                <th><Trans>Team members only</Trans></th>
                <th><Trans>Submitter’s site only</Trans></th>
                <th><Trans>Reviewers’ rank</Trans></th>
                <th><Trans>Approvers’ rank</Trans></th>
              </tr>
            </thead>
            <tbody>
              {draft.fmea.map((r) => {
                const name = nameOf(r.label);
                return (
                  <tr key={r.kind} data-kind={r.kind}>
                    <td className="sys-workflow-name">{name}</td>
                    <td><Switch label={t`${name}: countersigner needed`} checked={r.countersign} disabled={!canEdit} onChange={(on) => changeFmea(r.kind, { countersign: on })} /></td>
                    <td>
                      <Select aria-label={t`${name}: release by`} className="input sys-workflow-select" value={r.release} disabled={!canEdit} options={releaseOptions} onChange={(e) => changeFmea(r.kind, { release: e.target.value as FmeaRow['release'] })} />
                    </td>
                    <td><Switch label={t`${name}: team members only`} checked={r.nominees.membersOnly} disabled={!canEdit} onChange={(on) => changeNominees(r, { membersOnly: on })} /></td>
                    <td><Switch label={t`${name}: submitter’s site only`} checked={r.nominees.sameSite} disabled={!canEdit} onChange={(on) => changeNominees(r, { sameSite: on })} /></td>
                    <td>
                      <Select aria-label={t`${name}: reviewers’ rank`} className="input sys-workflow-select" value={r.nominees.reviewerRoleTypes[0] ?? ''} disabled={!canEdit} options={rankOptions}
                        onChange={(e) => changeNominees(r, { reviewerRoleTypes: e.target.value ? [e.target.value as '0'] : [] })} />
                    </td>
                    <td>
                      <Select aria-label={t`${name}: approvers’ rank`} className="input sys-workflow-select" value={r.nominees.approverRoleTypes[0] ?? ''} disabled={!canEdit} options={rankOptions}
                        onChange={(e) => changeNominees(r, { approverRoleTypes: e.target.value ? [e.target.value as '0'] : [] })} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Tabs.Content>
        <Tabs.Content value="catalog" className="sys-tab-panel">
          <p className="muted">
            <Trans>A catalog record goes from the application to the reviewer’s audit and then to the approver’s release. Turn the audit off for a type to send its applications straight to the approver.</Trans>
          </p>
          <table className="sys-table sys-workflow-table">
            <thead>
              <tr>
                <th><Trans>Catalog type</Trans></th>
                <th><Trans>Audit before approval</Trans></th>
              </tr>
            </thead>
            <tbody>
              {draft.catalog.map((r) => {
                const name = nameOf(r.label);
                return (
                  <tr key={r.type} data-type={r.type}>
                    <td className="sys-workflow-name">{name}</td>
                    <td><Switch label={t`${name}: audit before approval`} checked={r.audit} disabled={!canEdit} onChange={(on) => setDraft({ ...draft, catalog: draft.catalog.map((c) => (c.type === r.type ? { ...c, audit: on } : c)) })} /></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Tabs.Content>
      </Tabs.Root>
      <FormError message={errors.message} />
    </form>
  );
}
