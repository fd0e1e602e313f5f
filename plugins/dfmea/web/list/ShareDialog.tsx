import { useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Dialog, Field, notifyError, TextInput } from '@fmea/workbench/sdk';
import type { ProjectListItem } from '../types.ts';
import { useUsers } from './lookups.ts';

type Scope = 'none' | 'partly' | 'all';

/** GET /api/project/share. */
interface ProjectShare {
  projectId: string;
  scope: Scope;
  /** The moment the share ends (ISO); null: no expiry. */
  expiresAt: string | null;
  userIds: string[];
  version: number;
}

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
  const [scope, setScope] = useState<Scope>('none');
  const [lastDay, setLastDay] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<ProjectShare>('/api/project/share', { projectId: project.id, timestamp: String(Date.now()) })
      .then((loaded) => {
        if (!live) return;
        setShare(loaded);
        setScope(loaded.scope);
        setLastDay(lastDayOf(loaded.expiresAt));
        setChosen(loaded.userIds);
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
  const toggle = (userId: string, on: boolean) => setChosen((list) => (on ? [...list, userId] : list.filter((id) => id !== userId)));

  const save = async () => {
    if (!share) return;
    if (scope === 'partly' && chosen.length === 0) {
      setProblem(t`Choose at least one user.`);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await api.post('/api/project/saveShare', {
        projectId: project.id,
        scope,
        expiresAt: scope === 'none' || !lastDay ? null : lastDay,
        userIds: scope === 'partly' ? chosen : [],
        version: share.version,
      });
      onSaved();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const projectName = project.name;
  const count = chosen.length;
  const scopes: { value: Scope; label: string }[] = [
    { value: 'none', label: t`Not shared` },
    { value: 'partly', label: t`Selected users` },
    { value: 'all', label: t`Everyone` },
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Share ${projectName}`}
      width={560}
      actions={
        <>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button kind="primary" data-testid="dfmea-share-save" disabled={busy || !share} onClick={() => void save()}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
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
              <input type="radio" name="dfmea-share-scope" value={s.value} checked={scope === s.value} onChange={() => setScope(s.value)} /> {s.label}
            </label>
          ))}
        </fieldset>
        <Field label={t`Shared until (last day, empty: no end)`}>
          {(id) => <TextInput id={id} type="date" data-testid="dfmea-share-expiry" value={lastDay} disabled={!share || scope === 'none'} onChange={(e) => setLastDay(e.target.value)} />}
        </Field>
        {scope === 'partly' ? (
          <fieldset className="dfmea-share-users">
            <legend>
              <Trans>Users</Trans>
            </legend>
            <TextInput aria-label={t`Filter users`} placeholder={t`Filter users`} value={filter} onChange={(e) => setFilter(e.target.value)} maxLength={100} />
            <div className="dfmea-share-user-list" role="group" aria-label={t`Users`}>
              {shown.map((u) => (
                <label key={u.id} className="dfmea-checkbox">
                  <input type="checkbox" checked={chosen.includes(u.id)} onChange={(e) => toggle(u.id, e.target.checked)} /> {u.realName ? `${u.realName} (${u.userName})` : u.userName}
                </label>
              ))}
            </div>
            <p className="dfmea-hint">
              <Trans>{count} selected</Trans>
            </p>
          </fieldset>
        ) : null}
        {problem ? (
          <p role="alert" className="dfmea-error">
            {problem}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
