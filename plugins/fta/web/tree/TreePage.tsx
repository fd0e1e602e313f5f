import { lazy, Suspense, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { eventProbability, projectPageLink, type FtaDocument } from '@fmea/core/domain';
import { api, ApiError, Button, EmptyState, FormError, notify, notifyError, PageHeader, readServerError, useDirty, useGuardedNavigate, useLoad, usePermission, useUser, type ApiData, type AreaPageProps } from '@fmea/sdk';
import { numberOf } from '../editor/numbers.ts';
import { AnalysisPanel, type Analysis } from './AnalysisPanel.tsx';
import { useHistory } from './history.ts';
import { useStatusLabel } from './labels.ts';
import { LinksPanel } from './LinksPanel.tsx';
import { ReleasesPanel } from './ReleasesPanel.tsx';
import { ReviewDialog, type ReviewStep } from './ReviewDialog.tsx';
import '../fta.css';

const FaultTreeEditor = lazy(() => import('../editor/FaultTreeEditor.tsx'));

type Tree = ApiData<'/api/fta/get'>;

/**
 * One fault tree (ftaTree?id=…): the editor over a working copy of the document, saved with the version
 * it was read at (a save that finds another one came first is refused and says so; the user reloads and
 * loses their changes, or keeps editing to copy them over); the analysis of the saved tree (a changed
 * tree is saved first), whose cut sets mark their events in the diagram; MEF export; the links to the FMEA
 * items with their review marks; the review and release (a draft is submitted to a named approver, who
 * approves or rejects; a released tree is revoked by its creator or an administrator; the server decides,
 * the page only offers what the status and the user allow) and the releases, each opened read-only.
 */
export default function TreePage({ basePath }: AreaPageProps) {
  const { t } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const allowed = usePermission('fta_index');
  const navigate = useGuardedNavigate();
  const statusLabel = useStatusLabel();
  const [reload, setReload] = useState(0);
  const loaded = useLoad(() => (id ? api.get('/api/fta/get', { id }) : Promise.resolve(null)), [id, reload]);
  const [tree, setTree] = useState<Tree | null>(null);
  // the working copy, with undo and redo
  const history = useHistory<FtaDocument | null>(null);
  const doc = history.present;
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  /** A refused save's headline and problems (the gates and events at fault), until the next save. */
  const [saveError, setSaveError] = useState<string | null>(null);
  const [missionTime, setMissionTime] = useState('');
  const [missionError, setMissionError] = useState<string | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [running, setRunning] = useState(false);
  const [cutSet, setCutSet] = useState<{ key: string | null; events: readonly string[] }>({ key: null, events: [] });
  const links = useLoad(() => (id ? api.get('/api/fta/links', { id }) : Promise.resolve([])), [id, reload, tree?.version]);
  const user = useUser();
  const [step, setStep] = useState<ReviewStep | null>(null);
  /** The release shown read-only instead of the current tree, if one is opened. */
  const [viewing, setViewing] = useState<number | null>(null);
  const releases = useLoad(() => (id ? api.get('/api/fta/releases', { id }) : Promise.resolve([])), [id, reload, tree?.version]);
  const release = useLoad(() => (id && viewing !== null ? api.get('/api/fta/release', { id, releaseNum: viewing }) : Promise.resolve(null)), [id, viewing]);

  useEffect(() => {
    if (!loaded.data) return;
    setTree(loaded.data);
    history.reset(loaded.data.document);
    setMissionTime(String(loaded.data.document.missionTime));
    setConflict(false);
  }, [loaded.data]);

  // only a draft is changed (the server refuses the rest); a release is always read-only
  const readOnly = !allowed('edit') || tree?.status !== 'draft' || viewing !== null;
  const dirty = Boolean(tree && doc && doc !== tree.document);
  useDirty(dirty);

  const shownDoc = viewing !== null ? (release.data?.document ?? null) : doc;
  const probabilities = useMemo(() => {
    if (!shownDoc) return undefined;
    const shown: Record<string, number> = {};
    for (const e of shownDoc.basicEvents) shown[e.name] = eventProbability(e.model, shownDoc.missionTime);
    if (viewing !== null && release.data) shown[shownDoc.top] = release.data.result.probability.exact;
    else if (analysis && !dirty) shown[shownDoc.top] = analysis.probability.exact;
    return shown;
  }, [shownDoc, analysis, dirty, viewing, release.data]);

  const save = async (): Promise<Tree | null> => {
    if (!tree || !doc) return null;
    setSaving(true);
    try {
      const saved = await api.post('/api/fta/save', { id: tree.id, version: tree.version, document: doc });
      setTree(saved);
      history.settle(saved.document);
      setSaveError(null);
      notify('success', t`Fault tree saved`);
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === 'conflict') setConflict(true);
      else setSaveError(readServerError(error).message);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const changeMission = (value: string) => {
    setMissionTime(value);
    const hours = numberOf(value);
    if (hours === null || hours <= 0) return setMissionError(t`Mission time: enter a number of hours greater than 0.`);
    setMissionError(null);
    if (doc && hours !== doc.missionTime) history.change({ ...doc, missionTime: hours });
  };

  const run = async () => {
    if (!tree || missionError) return;
    setRunning(true);
    try {
      const current = dirty && !readOnly ? await save() : tree;
      if (!current) return;
      setAnalysis(await api.post('/api/fta/analyze', { id: current.id }));
      setCutSet({ key: null, events: [] });
    } catch (error) {
      notifyError(error);
    } finally {
      setRunning(false);
    }
  };

  const review = async (linkIds: string[]) => {
    if (!tree) return;
    try {
      await api.post('/api/fta/reviewLinks', { id: tree.id, linkIds });
      setReload((n) => n + 1);
    } catch (error) {
      notifyError(error);
    }
  };

  /** Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes; not while typing in a field, whose own undo it is. */
  const keys = (e: KeyboardEvent) => {
    const typing = (e.target as HTMLElement).closest('input, textarea, select');
    if (typing || !(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) history.undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) history.redo();
    else return;
    e.preventDefault();
  };

  if (!id) return <EmptyState title={<Trans>No fault tree chosen</Trans>}>{<Trans>Open a tree from the list of fault trees.</Trans>}</EmptyState>;
  if (loaded.error) return <div role="alert" className="form-error">{loaded.error}</div>;
  if (!tree || !doc) return <p className="muted">{t`Loading…`}</p>;

  const num = tree.ftaNum;
  return (
    <div className="page fta-tree-page" data-testid="fta-tree-page" onKeyDown={readOnly ? undefined : keys}>
      <PageHeader
        title={
          <>
            {num} <span data-user-content>{tree.name}</span>
          </>
        }
        actions={
          <>
            <Button onClick={() => void navigate(basePath)}>
              <Trans>All fault trees</Trans>
            </Button>
            {allowed('export') ? (
              <Button data-testid="fta-export-mef" onClick={() => void api.download('/api/fta/export', `${num}.xml`, { id: tree.id }).catch(notifyError)}>
                <Trans>Export MEF</Trans>
              </Button>
            ) : null}
            {readOnly ? null : (
              <>
                <Button data-testid="fta-undo" disabled={history.past.length === 0} onClick={history.undo} title={t`Undo (Ctrl+Z)`}>
                  <Trans>Undo</Trans>
                </Button>
                <Button data-testid="fta-redo" disabled={history.future.length === 0} onClick={history.redo} title={t`Redo (Ctrl+Y)`}>
                  <Trans>Redo</Trans>
                </Button>
              </>
            )}
            {readOnly ? null : (
              <Button kind="primary" data-testid="fta-save" disabled={!dirty || saving} onClick={() => void save()}>
                {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
              </Button>
            )}
            {tree.status === 'draft' && allowed('edit') && viewing === null ? (
              <Button data-testid="fta-submit" disabled={dirty} title={dirty ? t`Save the tree first` : undefined} onClick={() => setStep('submit')}>
                <Trans>Submit for review</Trans>
              </Button>
            ) : null}
            {tree.status === 'underReview' && user?.userId === tree.approverId ? (
              <>
                <Button kind="primary" data-testid="fta-approve" onClick={() => setStep('approve')}>
                  <Trans>Approve</Trans>
                </Button>
                <Button kind="danger" data-testid="fta-reject" onClick={() => setStep('reject')}>
                  <Trans>Reject</Trans>
                </Button>
              </>
            ) : null}
            {tree.status === 'released' && (user?.isAdmin || user?.userId === tree.creatorId) ? (
              <Button data-testid="fta-revoke" onClick={() => setStep('revoke')}>
                <Trans>Revoke release</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="fta-meta">
        <span>
          <Trans>Status</Trans>:{' '}
          <span className={`fta-state fta-state-${tree.status}`} data-testid="fta-status">
            {statusLabel(tree.status)}
          </span>
        </span>
        {tree.status === 'underReview' && tree.approverName ? (
          <span data-testid="fta-approver-name">
            <Trans>Approver</Trans>: <span data-user-content>{tree.approverName}</span>
          </span>
        ) : null}
        {tree.projectId && tree.projectNum ? (
          <span>
            <Trans>Linked FMEA</Trans>:{' '}
            <Button kind="link" onClick={() => void navigate(projectPageLink(tree.projectType ?? 'dfmea', tree.projectId!))}>
              {tree.projectNum}
            </Button>
          </span>
        ) : null}
        {dirty ? (
          <span className="fta-unsaved" data-testid="fta-unsaved">
            <Trans>Unsaved changes</Trans>
          </span>
        ) : null}
      </div>
      {conflict ? (
        <div role="alert" className="form-error fta-conflict" data-testid="fta-conflict">
          <Trans>Someone else saved this fault tree after you opened it, so your changes were not saved. Reload to see their version (your changes are lost), or copy your changes aside first.</Trans>{' '}
          <Button onClick={() => setReload((n) => n + 1)}>
            <Trans>Reload</Trans>
          </Button>
        </div>
      ) : null}
      <FormError message={saveError} />
      {viewing !== null ? (
        <div className="fta-release-banner" role="status" data-testid="fta-release-banner">
          <span>
            <Trans>Release {viewing}, read-only</Trans>
            {release.data ? (
              <>
                {' · '}
                <Trans>Exact probability</Trans> {release.data.result.probability.exact.toPrecision(6)}
                {' · '}
                <Trans>Cut sets</Trans> {release.data.result.cutSetCount ?? '–'}
                {' · '}
                <Trans>Mission time (h)</Trans> {release.data.result.missionTime}
              </>
            ) : null}
          </span>
          <Button data-testid="fta-release-close" onClick={() => setViewing(null)}>
            <Trans>Back to the current tree</Trans>
          </Button>
        </div>
      ) : null}
      {release.error && viewing !== null ? <div role="alert" className="form-error">{release.error}</div> : null}
      <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
        {shownDoc ? <FaultTreeEditor key={viewing ?? 'current'} document={shownDoc} readOnly={readOnly} onChange={history.change} highlight={viewing === null ? cutSet.events : []} probabilities={probabilities} /> : <p className="muted">{t`Loading…`}</p>}
      </Suspense>
      {step ? (
        <ReviewDialog
          tree={tree}
          step={step}
          onClose={() => setStep(null)}
          onDone={(next) => {
            setStep(null);
            setTree(next);
            history.reset(next.document);
            notify('success', next.status === 'underReview' ? t`Submitted for review` : next.status === 'released' ? t`Fault tree released` : t`Fault tree back to draft`);
          }}
        />
      ) : null}
      <ReleasesPanel releases={releases.data ?? []} open={viewing} onOpen={setViewing} />
      <div className="fta-lower" hidden={viewing !== null}>
        <AnalysisPanel
          missionTime={missionTime}
          onMissionTime={changeMission}
          missionError={missionError}
          running={running}
          onRun={() => void run()}
          result={analysis}
          selected={cutSet.key}
          onSelect={(key, events) => setCutSet({ key, events })}
          readOnly={readOnly}
        />
        <LinksPanel
          links={links.data ?? []}
          canReview={!readOnly}
          onReview={(ids) => void review(ids)}
          onShow={(name) => setCutSet({ key: null, events: [name] })}
          onOpen={(link) => void navigate(projectPageLink(link.projectId === tree.projectId && tree.projectType ? tree.projectType : 'dfmea', link.projectId))}
        />
      </div>
    </div>
  );
}
