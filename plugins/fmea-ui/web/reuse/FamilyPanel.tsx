import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { kindOf, projectPageLink } from '@fmea/core/domain';
import { api, Button, Dialog, EmptyState, Field, formatDateTime, notify, notifyError, TextInput, useGuardedNavigate, useLoad } from '@fmea/sdk';
import { useFmeaKind } from '../kind.tsx';
import type { ProjectView } from '../types.ts';

/**
 * Family FMEA in the project page (docs/domain/fmea-reuse.md): a family FMEA
 * lists its variants and makes new ones; a variant shows where it deviates
 * from its family (ratings overridden here, items the family gained since)
 * and takes the family's over. Shown only on those two kinds of project.
 */
export function FamilyButton({ project, readOnly, onChanged }: { project: ProjectView; readOnly: boolean; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  // a kind whose projects have variants (the family FMEA) lists them; a variant shows its deviations
  const family = kindOf(project.projectType).variantType !== null;
  if (!family && project.sourceKind !== 'variant') return null;
  return (
    <>
      <Button data-testid={family ? 'family-variants-open' : 'family-deviations-open'} onClick={() => setOpen(true)}>
        {family ? <Trans>Variants</Trans> : <Trans>Deviations from the family</Trans>}
      </Button>
      {open && family ? <VariantsDialog project={project} onClose={() => setOpen(false)} /> : null}
      {open && !family ? <DeviationsDialog project={project} readOnly={readOnly} onClose={() => setOpen(false)} onChanged={onChanged} /> : null}
    </>
  );
}

function VariantsDialog({ project, onClose }: { project: ProjectView; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useGuardedNavigate();
  const variants = useLoad(() => api.get('/api/familyFmea/variants', { projectId: project.id }), [project.id]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const projectPath = (id: string) => projectPageLink(kindOf(project.projectType).variantType ?? project.projectType, id);
  const create = async () => {
    setBusy(true);
    try {
      const made = await api.post('/api/familyFmea/createVariant', { projectId: project.id, name: name.trim() || null });
      notify('success', t`Variant created`);
      onClose();
      void navigate(projectPath(made.id));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const familyName = project.name;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t`Variants of ${familyName}`} width={720}>
      <div data-testid="family-variants">
        {variants.data && variants.data.length === 0 ? <EmptyState title={<Trans>No variants yet</Trans>} /> : null}
        {variants.data && variants.data.length > 0 ? (
          <table className="dfmea-table">
            <thead>
              <tr>
                <th>{t`Number`}</th>
                <th>{t`Project name`}</th>
                <th>{t`Responsible person`}</th>
                <th>{t`Created`}</th>
              </tr>
            </thead>
            <tbody>
              {variants.data.map((v) => (
                <tr key={v.id}>
                  <td>
                    <Button
                      kind="link"
                      onClick={() => {
                        onClose();
                        void navigate(projectPath(v.id));
                      }}
                    >
                      {v.serialNum}
                    </Button>
                  </td>
                  <td data-user-content>{v.name}</td>
                  <td>{v.responsibleName ?? ''}</td>
                  <td>{formatDateTime(v.createdAt, i18n.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <p className="muted">
          <Trans>A variant is a DFMEA that inherits this family FMEA’s structure, functions, failures and ratings; it may rate them differently.</Trans>
        </p>
        <Field label={t`Name of the new variant`}>
          {(id) => <TextInput id={id} data-testid="family-variant-name" value={name} maxLength={200} placeholder={project.name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Button kind="primary" data-testid="family-variant-create" disabled={busy} onClick={() => void create()}>
          <Trans>Create variant</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

function DeviationsDialog({ project, readOnly, onClose, onChanged }: { project: ProjectView; readOnly: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const [revision, setRevision] = useState(0);
  const deviations = useLoad(() => api.get('/api/familyFmea/deviations', { projectId: project.id }), [project.id, revision]);
  const fieldName = { severity: t`Severity (S)`, occurrence: t`Occurrence (O)`, detection: t`Detection (D)` } as const;
  const done = () => {
    setRevision((n) => n + 1);
    onChanged();
  };
  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      notify('success', message);
      done();
    } catch (error) {
      notifyError(error);
    }
  };
  type Rating = NonNullable<typeof deviations.data>['ratings'][number];
  const takeRating = (r: Rating) =>
    act(() => api.post('/api/fmea/updateFailure', { id: r.failureId, version: r.version, [r.field === 'detection' ? 'det' : r.field]: r.family }), t`The family’s rating taken over`);
  const d = deviations.data;
  const familyName = d?.familyName ?? '';
  const familyNum = d?.familySerialNum ?? '';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t`Deviations from the family FMEA`} width={820}>
      <div data-testid="family-deviations">
        {d && d.familySerialNum === null ? <p className="muted">{t`The family FMEA was deleted: there is nothing to compare with.`}</p> : null}
        {d && d.familySerialNum !== null ? (
          <p className="muted">
            <Trans>
              Family FMEA {familyNum} {familyName}
            </Trans>
          </p>
        ) : null}
        <h3>
          <Trans>Ratings that differ</Trans>
        </h3>
        {d && d.ratings.length === 0 ? <p className="muted">{t`The variant rates everything as the family does.`}</p> : null}
        {d && d.ratings.length > 0 ? (
          <table className="dfmea-table" data-testid="family-rating-deviations">
            <thead>
              <tr>
                <th>{t`Failure`}</th>
                <th>{t`Rating`}</th>
                <th>{t`Family`}</th>
                <th>{t`This variant`}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {d.ratings.map((r) => (
                <tr key={`${r.failureId}-${r.field}`}>
                  <td data-user-content>
                    {r.kind} {r.description}
                  </td>
                  <td>{fieldName[r.field]}</td>
                  <td>{r.family ?? '—'}</td>
                  <td>{r.variant ?? '—'}</td>
                  <td>
                    {readOnly ? null : (
                      <Button kind="link" onClick={() => void takeRating(r)}>
                        <Trans>Take over from family</Trans>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <h3>
          <Trans>Gained by the family since</Trans>
        </h3>
        {d && d.gained.length === 0 ? <p className="muted">{t`The family has nothing this variant lacks.`}</p> : null}
        {d && d.gained.length > 0 ? (
          <table className="dfmea-table" data-testid="family-gained">
            <tbody>
              {d.gained.map((g) => (
                <tr key={g.familyId}>
                  <td>{g.kind === 'node' ? t`Structure element` : g.failureKind}</td>
                  <td data-user-content>{g.name}</td>
                  <td>
                    {readOnly ? null : (
                      <Button kind="link" onClick={() => void act(() => api.post('/api/familyFmea/takeOver', { projectId: project.id, familyItemId: g.familyId }), t`Taken over from the family`)}>
                        <Trans>Take over from family</Trans>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </Dialog>
  );
}
