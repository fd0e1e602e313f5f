import { useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, CheckList, Field, FormDialog, notifyError, TextInput, useForm, type ApiData } from '@fmea/sdk';
import type { ProjectListItem } from '../types.ts';
import { useUsers } from './lookups.ts';

/** A project's share; `expiresAt` is the moment it ends (ISO), null: no expiry. */
type ProjectShare = ApiData<'/api/project/share'>;
type Scope = ProjectShare['scope'];

/** The last day a share runs (YYYY-MM-DD): it ends at the start of the next day (UTC), as the API reads a date. */
const lastDayOf = (expiresAt: string | null) => (expiresAt ? new Date(Date.parse(expiresAt) - 1).toISOString().slice(0, 10) : '');

/**
 * Shares a project read-only beyond its team (spec 001 "share: scope
 * all/partly/none, expiry"): with nobody, with chosen users, or with everyone,
 * until an optional last day. The server allows it to the responsible person
 * and administrators only.
 */
export function ShareDialog({ project, onClose, onSaved }: { project: ProjectListItem; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const users = useUsers();
  const [share, setShare] = useState<ProjectShare | null>(null);
  const [filter, setFilter] = useState('');
  const form = useForm({
    initial: { scope: 'none' as Scope, lastDay: '', userIds: [] as string[] },
    validate: (d) => ({ fields: { userIds: d.scope === 'partly' && d.userIds.length === 0 && t`Choose at least one user.` } }),
    save: (d) =>
      api.post('/api/project/saveShare', {
        projectId: project.id,
        scope: d.scope,
        expiresAt: d.scope === 'none' || !d.lastDay ? null : d.lastDay,
        userIds: d.scope === 'partly' ? d.userIds : [],
        version: share?.version,
      }),
    onSaved,
    serverFields: { expiresAt: 'lastDay' },
  });
  const { draft, set, error } = form;

  useEffect(() => {
    let live = true;
    api
      .get('/api/project/share', { projectId: project.id })
      .then((loaded) => {
        if (!live) return;
        setShare(loaded);
        form.reset({ scope: loaded.scope, lastDay: lastDayOf(loaded.expiresAt), userIds: loaded.userIds });
      })
      .catch((error: unknown) => {
        notifyError(error);
        onClose();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project.id]);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    // the responsible person already holds the project: sharing with them means nothing
    const others = users.filter((u) => u.id !== project.responsibleUserId);
    return needle ? others.filter((u) => `${u.userName} ${u.realName ?? ''}`.toLowerCase().includes(needle)) : others;
  }, [users, filter, project.responsibleUserId]);

  const projectName = project.name;
  const count = draft.userIds.length;
  const scopes: { value: Scope; label: string }[] = [
    { value: 'none', label: t`Not shared` },
    { value: 'partly', label: t`Selected users` },
    { value: 'all', label: t`Everyone` },
  ];
  return (
    <FormDialog form={form} title={t`Share ${projectName}`} width={560} saveTestId="dfmea-share-save" submitDisabled={!share} onClose={onClose}>
      <div className="dfmea-form dfmea-share" data-testid="dfmea-share-dialog">
        <p className="dfmea-hint">
          <Trans>People the project is shared with may open and read it, but never change it.</Trans>
        </p>
        <fieldset disabled={!share}>
          <legend>
            <Trans>Share with</Trans>
          </legend>
          {scopes.map((s) => (
            <label key={s.value} className="dfmea-radio">
              <input type="radio" name="dfmea-share-scope" value={s.value} checked={draft.scope === s.value} onChange={() => set('scope', s.value)} /> {s.label}
            </label>
          ))}
          {error('scope') ? (
            <div className="field-message" role="alert">
              {error('scope')}
            </div>
          ) : null}
        </fieldset>
        <Field label={t`Shared until (last day, empty: no end)`} error={error('lastDay')}>
          {(id) => <TextInput id={id} type="date" data-testid="dfmea-share-expiry" value={draft.lastDay} disabled={!share || draft.scope === 'none'} onChange={(e) => set('lastDay', e.target.value)} />}
        </Field>
        {draft.scope === 'partly' ? (
          <Field label={t`Users`} error={error('userIds')} hint={<Trans>{count} selected</Trans>}>
            {(id) => (
              <div className="dfmea-share-users">
                <TextInput
                  aria-label={t`Filter users`}
                  placeholder={t`Filter users`}
                  value={filter}
                  maxLength={100}
                  onChange={(e) => setFilter(e.target.value)}
                  // Enter filters; it does not save the share
                  onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
                />
                <div className="dfmea-share-user-list">
                  <CheckList
                    id={id}
                    aria-label={t`Users`}
                    options={shown.map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.userName})` : u.userName }))}
                    value={draft.userIds}
                    onChange={(ids) => set('userIds', ids)}
                  />
                </div>
              </div>
            )}
          </Field>
        ) : null}
      </div>
    </FormDialog>
  );
}
