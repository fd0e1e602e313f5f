import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, notify, notifyError, session, useDirty } from '@fmea/sdk';
import { draftOf, HeaderFields, saveBody, useDraftProblem, type HeaderDraft } from '../list/ProjectDialog.tsx';
import type { ProjectView, StepProps } from '../types.ts';
import { AiagVdaHeader } from './AiagVdaHeader.tsx';
import { useFmeaKind } from '../kind.tsx';
import { ProjectAttachments } from './ProjectAttachments.tsx';

/** The responsible person (role 0) or an administrator: the only ones the server lets change the team and the owner-only settings. */
const mayChangeTeam = (project: ProjectView) => Boolean(session.user?.isAdmin) || (project.myRoles ?? []).includes(0);

/** Step 1: the project header (with the AIAG-VDA header and the five Ts) and team, saved with the project's version (isEditBaseInfo guards leaving while edited). */
export default function PlanningStep({ readOnly, project, onProjectChange }: StepProps & { project?: ProjectView; onProjectChange?: (p: ProjectView) => void }) {
  const { t } = useLingui();
  const kind = useFmeaKind();
  const [draft, setDraft] = useState<HeaderDraft>(() => draftOf(project ?? null, session.user?.userId));
  const [isEditBaseInfo, setIsEditBaseInfo] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = useDraftProblem();
  useDirty(isEditBaseInfo);
  // another member saved the header: show it, unless this user is editing it (then ProjectPage shows a banner)
  useEffect(() => {
    if (project && !isEditBaseInfo) setDraft(draftOf(project, undefined));
  }, [project?.version]);
  if (!project) return null;

  const edit = (next: HeaderDraft) => {
    setDraft(next);
    setIsEditBaseInfo(true);
  };

  const save = async () => {
    const issue = check(draft);
    setProblem(issue);
    if (issue) return;
    setBusy(true);
    try {
      const saved = await api.post('/api/project/save', saveBody(draft, project, kind));
      setIsEditBaseInfo(false);
      setDraft(draftOf(saved, undefined));
      onProjectChange?.(saved);
      notify('success', t`Project saved`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="dfmea-step dfmea-planning" aria-label={t`Planning and preparation`}>
      <HeaderFields draft={draft} disabled={readOnly} ownerOnlyLocked={!mayChangeTeam(project)} onChange={edit} />
      <AiagVdaHeader draft={draft} disabled={readOnly} onChange={edit} />
      {problem ? (
        <p role="alert" className="dfmea-error">
          {problem}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className="dfmea-form-actions">
          <Button
            data-testid="dfmea-discard"
            disabled={!isEditBaseInfo}
            onClick={() => {
              setDraft(draftOf(project, undefined));
              setIsEditBaseInfo(false);
              setProblem(null);
            }}
          >
            <Trans>Discard changes</Trans>
          </Button>
          <Button kind="primary" data-testid="dfmea-planning-save" disabled={!isEditBaseInfo || busy} onClick={() => void save()}>
            <Trans>Save</Trans>
          </Button>
        </div>
      )}
      <ProjectAttachments projectId={project.id} readOnly={readOnly} />
    </section>
  );
}
