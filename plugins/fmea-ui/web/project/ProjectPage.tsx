import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Tabs } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, can, confirmLeave, EmptyState, notifyError, onChangeNotice, onPosted, session, ui, useLoad } from '@fmea/sdk';
import { DEFAULT_MAIN_VIEW, kindOf, type MainViewPanel } from '@fmea/core/domain';
import { StepIcon } from './StepIcon.tsx';
import type { ProjectView, StepProps } from '../types.ts';
import { ImportDialog } from '../list/ImportDialog.tsx';
import { useFmeaKind } from '../kind.tsx';
import { ReviewBadge, ReviewBanner, ReviewPanel } from '../review/ReviewPanel.tsx';
import { BaselinesPanel } from '../review/BaselinesPanel.tsx';
import { TaskLogPanel } from './TaskLogPanel.tsx';
import { ReviewWalkBar, useReviewWalk } from '../review/ReviewWalk.tsx';
import { ChecksIndicator, ChecksPanel, stepOfFinding, useFindingFocus, useProjectChecks, type FmeaFinding } from '../review/checks.tsx';
import { EDITABLE } from '../review/labels.ts';
import { FamilyButton } from '../reuse/FamilyPanel.tsx';
import { FtaLinksScope, FtaReviewBadge, useProjectFtaLinks } from '../fta/FtaLinks.tsx';
import { ProposalsButton, ProposalsInbox, ProposalsScope, useProjectProposals } from '../loop/ProjectProposals.tsx';
import { DvpScope, useProjectDvp } from '../dvp/ProjectDvp.tsx';
import '../fmea.css';
import { RowThreadProvider } from '@fmea/sdk';

/** A step's component: StepProps, and the project with its setter for the planning step. */
export type StepComponent = LazyExoticComponent<ComponentType<StepProps & { project?: ProjectView; onProjectChange?: (p: ProjectView) => void }>>;

/** One tab of a project page. */
export interface FmeaStep {
  readonly key: string;
  readonly label: string;
  readonly Component: StepComponent;
}

/** The steps every FMEA kind shares (the AIAG-VDA steps without the DFMEA's block diagram and characteristics). */
export type SharedStepKey = 'planning' | 'structure' | 'function' | 'failure' | 'risk' | 'optimization';

/** The shared step components, each its own chunk; a kind lists those it shows and adds its own. */
export const FMEA_STEPS: Record<SharedStepKey, StepComponent> = {
  planning: lazy(() => import('../steps/PlanningStep.tsx')),
  structure: lazy(() => import('../steps/StructureStep.tsx')),
  function: lazy(() => import('../steps/FunctionAnalysisStep.tsx')),
  failure: lazy(() => import('../steps/FailureAnalysisStep.tsx')),
  risk: lazy(() => import('../steps/RiskAnalysisStep.tsx')),
  optimization: lazy(() => import('../steps/OptimizationStep.tsx')),
};

/** FMEA-MSR's three steps (a kind whose record lists msrFailureAnalysis, msrRiskAnalysis and msrOptimization shows them). */
export type MsrStepKey = 'msrFailure' | 'msrRisk' | 'msrOptimization';
export const MSR_STEP_COMPONENTS: Record<MsrStepKey, StepComponent> = {
  msrFailure: lazy(() => import('../steps/MsrStep.tsx').then((m) => ({ default: m.MsrFailureStep }))),
  msrRisk: lazy(() => import('../steps/MsrStep.tsx').then((m) => ({ default: m.MsrRiskStep }))),
  msrOptimization: lazy(() => import('../steps/MsrOptimizationStep.tsx')),
};

/** The names of the MSR steps in the user's language. */
export function useMsrStepLabels(): Record<MsrStepKey, string> {
  const { t } = useLingui();
  return { msrFailure: t`MSR failure analysis`, msrRisk: t`MSR risk analysis`, msrOptimization: t`MSR optimisation` };
}

/** The names of the shared steps in the user's language. */
export function useFmeaStepLabels(): Record<SharedStepKey, string> {
  const { t } = useLingui();
  return {
    planning: t`Planning and preparation`,
    structure: t`Structure analysis`,
    function: t`Function analysis`,
    failure: t`Failure analysis`,
    risk: t`Risk analysis`,
    optimization: t`Optimisation`,
  };
}

/** Query parameters that open something once (a message's step, thread, review or baselines): dropped when the user moves to another step. */
const STEP_OPENERS = ['leftType', 'thread', 'review', 'baselines', 'proposals'] as const;

/** The legacy rightType query (1-based step number) or a step key; else the fallback. */
export function initialStep(keys: readonly string[], rightType: string | null, fallback = 'structure'): string {
  if (!rightType) return fallback;
  if (keys.includes(rightType)) return rightType;
  const n = Number(rightType);
  return Number.isInteger(n) && n >= 1 && n <= keys.length ? keys[n - 1]! : fallback;
}

/** A project page opened without a project in its query. */
export function NoProjectChosen() {
  return (
    <div className="page">
      <EmptyState title={<Trans>No project chosen</Trans>}>
        <Trans>Open a project from the project list.</Trans>
      </EmptyState>
    </div>
  );
}

/**
 * One FMEA project: header and the steps its kind passes, as tabs. The
 * route whose buttons apply is the FmeaKind's in context.
 */
export function ProjectPage({
  projectId,
  pptSerial,
  rightType,
  legacyLink = false,
  steps: stepsOf,
  openStep,
}: {
  projectId: string | null;
  /** A project number or a structure node id (the deep link's pptSerial / pppSerial). */
  pptSerial: string | null;
  rightType: string | null;
  /** The legacy deep link (type=1): a missing or deleted project goes to the login (spec 001 §2). */
  legacyLink?: boolean;
  /** The tabs, or the tabs of a project once it is read (a kind's steps come from its kind record: an MSR project has three more). */
  steps: readonly FmeaStep[] | ((project: ProjectView) => readonly FmeaStep[]);
  /** A step to open whatever rightType says (a message's leftType). */
  openStep?: string | null;
}) {
  const { t } = useLingui();
  const kind = useFmeaKind();
  const [project, setProject] = useState<ProjectView | null>(null);
  const steps = typeof stepsOf === 'function' ? (project ? stepsOf(project) : []) : stepsOf;
  const keys = steps.map((s) => s.key);
  const [location, navigate] = useLocation();
  // a comment message opens the row's thread (thread=kind:id), a review step the review panel (review=1), a release its baselines (baselines=1)
  const search = new URLSearchParams(useSearch());
  const [failed, setFailed] = useState(false);
  // the open step is the URL's (rightType, or a message's leftType), so Back goes to the step before and a reload stays;
  // without one, the first step (or the reviewer's next one, below)
  // a kind without a structure step (an FMEDA) opens on its first, also for a rightType it has no step for
  const fallback = keys.includes('structure') ? 'structure' : (keys[0] ?? 'structure');
  const urlStep = openStep && keys.includes(openStep) ? openStep : rightType ? initialStep(keys, rightType, fallback) : null;
  const [firstStep] = useState(() => initialStep(keys, null, fallback));
  const step = urlStep ?? firstStep;
  /** Opens a step by putting it in the URL (a new history entry, or in place); the one-time openers of a message go. */
  const setStep = useCallback(
    (next: string, replace = false) => {
      // the URL as it is now, not as this render saw it: a tab reports one click twice (mouse down, then focus)
      const query = new URLSearchParams(window.location.search);
      if (query.get('rightType') === next) return;
      query.set('rightType', next);
      for (const opener of STEP_OPENERS) query.delete(opener);
      navigate(`${location}?${query.toString()}`, { replace });
    },
    [location, navigate],
  );
  // another member changed this project: the open step reads again in place; unsaved header edits get a banner instead
  const [changed, setChanged] = useState(false);
  const [revision, setRevision] = useState(0);
  const [remoteRevision, setRemoteRevision] = useState(0);
  const [importing, setImporting] = useState(false);
  const [reviewing, setReviewing] = useState(() => search.get('review') === '1');
  // the releases' frozen baselines: list, open read-only, export, compare (BaselinesPanel)
  const [baselining, setBaselining] = useState(() => search.get('baselines') === '1');
  // the project's task log: who did what to its tasks (program tasks on its nodes)
  const [taskLog, setTaskLog] = useState(false);
  // the checks before release: always in the header, their panel opens a finding's row
  const [checking, setChecking] = useState(false);
  const [focus, setFocus] = useState<{ nodeId: string | null; itemId: string } | null>(null);
  const { checks } = useProjectChecks(project?.id ?? null);
  // the administrator's main view for the project's side (System → FMEA main view): where the tool panels open, how the step menu reads
  const mainViews = useLoad(() => api.get('/api/fmea/mainView'), []);
  // the project's links to fault trees (FTA route holders only): the header's badge, the risk grid's markers
  const ftaLinks = useProjectFtaLinks(project?.id ?? null);
  // change proposals from problems and EWOs (docs/domain/closed-loop.md): the header's inbox, the rows' markers
  const proposals = useProjectProposals(project?.id ?? null);
  // the DVP&R's test status beside detection controls and its re-rating marks on causes (docs/domain/dvp.md)
  const dvp = useProjectDvp(project?.id ?? null);
  const [proposing, setProposing] = useState(() => search.get('proposals') === '1');
  useFindingFocus(focus?.itemId ?? null, revision);
  // the review walk (spec 001 §4): an opinion reviewer goes through the steps in order from the block diagram
  const walking = useReviewWalk(project?.id ?? '', project?.reviewStatus === 'under_review');
  const [walkOpened, setWalkOpened] = useState(false);
  useEffect(() => {
    // once, when the reviewer opens the project: at the first step their walk still waits for (a link to a step or a thread wins)
    if (walkOpened || !walking.walk) return;
    setWalkOpened(true);
    const next = walking.walk.next;
    if (next && keys.includes(next) && !openStep && !rightType && !search.get('thread')) setStep(next, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [walking.walk]);

  const load = useCallback(async () => {
    try {
      const view = projectId
        ? await api.get('/api/project/selectProjectById', { projectId })
        : await api.get('/api/project/selectProjectBySerialNum', { serialNum: pptSerial ?? '' });
      setProject(view);
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === 'not_allowed') {
        // the 403 page offers a read-access application to the project's responsible person
        navigate('/403', { replace: true, state: { readApply: { projectType: kind.projectType, project: projectId ?? pptSerial ?? '' } } });
        return;
      }
      if (legacyLink && error instanceof ApiError && error.errorCode === 'not_found') {
        navigate('/', { replace: true });
        return;
      }
      setFailed(true);
      notifyError(error);
    }
  }, [projectId, pptSerial, legacyLink, navigate, kind.projectType]);

  useEffect(() => {
    void load();
  }, [load]);

  // the first write of a draft, rejected or revoked project moves it into preparation (the server's edit step): the badge follows
  const movesOnWrite = project !== null && project.reviewStatus !== 'in_preparation' && EDITABLE.includes(project.reviewStatus);
  useEffect(() => {
    if (!movesOnWrite || !project) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onPosted((path) => {
      if (/\/review\//i.test(path)) return;
      // only the status is read (a GET, so no loop through onPosted), and the project changes only when it moved
      clearTimeout(timer);
      timer = setTimeout(() => {
        void api
          .get('/api/project/review/state', { projectId: project.id })
          .then((state) => setProject((p) => (p && p.reviewStatus !== state.status ? { ...p, reviewStatus: state.status } : p)))
          .catch(() => undefined);
      }, 300);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [movesOnWrite, project?.id]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onChangeNotice('fmeaChanged', (data) => {
      if (data.projectId !== project?.id) return;
      // a burst (an import, a cascade) becomes one refresh
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (ui.editFlag === '1') setChanged(true);
        else {
          void load();
          setRemoteRevision((n) => n + 1);
        }
      }, 250);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [project?.id, load]);

  if (failed) {
    return (
      <div className="page">
        <EmptyState title={<Trans>The project could not be opened</Trans>} />
      </div>
    );
  }
  if (!project) return <div className="page page-loading" aria-busy="true" />;

  /** Leaving a step with unsaved edits (the planning form's isEditBaseInfo) asks first. */
  const changeStep = async (next: string) => {
    if (!(await confirmLeave())) return;
    // a finding's row belongs to the step it opened: another step starts without it
    if (next !== step) setFocus(null);
    setStep(next);
  };
  // under review, approved or released: the server refuses writes (the banner says why), so the steps offer none
  const readOnly = !project.canEdit || !EDITABLE.includes(project.reviewStatus);
  const canExport = can(session.user, kind.route, 'export');
  // a kind with its own workbook imports it as a new project, from its list
  const canImport = !readOnly && !kind.workbook && can(session.user, kind.route, 'import');
  const props: StepProps = { projectId: project.id, serialNum: project.serialNum, readOnly, apTable: project.apTable, remoteRevision, focusNodeId: focus?.nodeId ?? project.focusNodeId ?? null, focusItemId: focus?.itemId ?? null };
  /** A finding's row: its step, its node in the tree, the row scrolled to (the step mounts again to start there). */
  const openFinding = async (finding: FmeaFinding) => {
    if (!(await confirmLeave())) return;
    setChecking(false);
    setFocus({ nodeId: finding.target.nodeId, itemId: finding.target.id });
    setStep(stepOfFinding(finding, keys));
    setRevision((n) => n + 1);
  };
  const view = mainViews.data?.[kindOf(project.projectType).side] ?? DEFAULT_MAIN_VIEW;
  /** The workspace a panel opens in; undefined: the middle. */
  const placeOf = (panel: MainViewPanel) => (view.left.includes(panel) ? 'left' : view.right.includes(panel) ? 'right' : undefined);
  const stepLabels: Record<string, string> = Object.fromEntries(steps.map((s) => [s.key, s.label]));
  const reviewedSteps = new Set((walking.walk?.steps ?? []).filter((s) => s.reviewedAt).map((s) => s.step as string));
  const refresh = () => {
    setChanged(false);
    void load();
    void walking.reload();
    setRevision((n) => n + 1);
  };

  return (
    <div className="page dfmea-project" data-testid="dfmea-project">
      <header className="dfmea-project-header">
        <span className="dfmea-serial" data-testid="dfmea-serial">
          {project.serialNum}
        </span>
        <h1 className="dfmea-project-name" data-user-content>{project.name}</h1>
        <ReviewBadge status={project.reviewStatus} />
        {readOnly ? (
          <span className="dfmea-badge" data-testid="dfmea-readonly">
            <Trans>Read only</Trans>
          </span>
        ) : null}
        {project.access === 'shared' ? (
          <span className="dfmea-shared-note" data-testid="dfmea-shared">
            <Trans>Shared with you</Trans>
          </span>
        ) : null}
        <span className="dfmea-spacer" />
        <FtaReviewBadge links={ftaLinks} onOpen={keys.includes('risk') ? () => void changeStep('risk') : undefined} />
        <ChecksIndicator checks={checks} onOpen={() => setChecking(true)} />
        <ProposalsButton proposals={proposals} onOpen={() => setProposing(true)} />
        <Button data-testid="review-open" onClick={() => setReviewing(true)}>
          <Trans>Review</Trans>
        </Button>
        <Button data-testid="baselines-open" onClick={() => setBaselining(true)}>
          <Trans>Baselines</Trans>
        </Button>
        <Button data-testid="task-log-open" onClick={() => setTaskLog(true)}>
          <Trans>Task log</Trans>
        </Button>
        <FamilyButton project={project} readOnly={readOnly} onChanged={refresh} />
        {canImport ? (
          <Button data-testid="dfmea-import" onClick={() => setImporting(true)}>
            <Trans>Import workbook</Trans>
          </Button>
        ) : null}
        {canExport ? (
          <Button
            data-testid="dfmea-export"
            onClick={() => void (kind.workbook ? kind.workbook.exportProject(project) : api.download('/api/project/exportData', `${project.serialNum}.xlsx`, { projectId: project.id })).catch(notifyError)}
          >
            <Trans>Export workbook</Trans>
          </Button>
        ) : null}
      </header>
      <ReviewBanner status={project.reviewStatus} />
      {changed ? (
        <div className="alert alert-info dfmea-changed" role="status" data-testid="dfmea-changed">
          <Trans>Another team member changed this FMEA. Refresh to see it (your unsaved edits here are dropped).</Trans>{' '}
          <Button kind="link" data-testid="dfmea-refresh" onClick={refresh}>
            <Trans>Refresh</Trans>
          </Button>
        </div>
      ) : null}
      {walking.review && walking.walk ? (
        <ReviewWalkBar
          review={walking.review}
          walk={walking.walk}
          step={step}
          labels={stepLabels}
          onMark={(marked) =>
            void walking.mark(marked).then((after) => {
              if (after?.next && keys.includes(after.next)) void changeStep(after.next);
            })
          }
          onGo={(next) => void changeStep(next)}
        />
      ) : null}
      <RowThreadProvider projectId={project.id} initialThread={search.get('thread')}>
      <FtaLinksScope links={ftaLinks}>
      <ProposalsScope proposals={proposals}>
      <DvpScope dvp={dvp}>
      <Tabs.Root value={step} onValueChange={(v) => void changeStep(v)} className="dfmea-tabs">
        <Tabs.List aria-label={t`FMEA steps`} className="dfmea-tab-list" data-step-menu={view.stepMenu}>
          {steps.map(({ key, label }, index) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="dfmea-tab"
              data-testid={`dfmea-tab-${key}`}
              aria-label={view.stepMenu === 'icon' ? label : undefined}
              title={view.stepMenu === 'icon' ? label : undefined}
            >
              {view.stepMenu !== 'text' ? <StepIcon step={key} index={index} /> : null}
              {view.stepMenu !== 'icon' ? label : null}
              {reviewedSteps.has(key) ? (
                <span className="dfmea-tab-tick" data-testid={`dfmea-tab-reviewed-${key}`} title={t`Reviewed`} aria-label={t`Reviewed`}>
                  ✓
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {steps.map(({ key, Component: Step }) => {
          return (
            <Tabs.Content key={key} value={key} className="dfmea-tab-panel" data-testid={`dfmea-panel-${key}`}>
              {step === key ? (
                <Suspense key={revision} fallback={<div className="page-loading" aria-busy="true" />}>
                  {key === 'planning' ? <Step {...props} project={project} onProjectChange={setProject} /> : <Step {...props} />}
                </Suspense>
              ) : null}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
      </DvpScope>
      </ProposalsScope>
      </FtaLinksScope>
      </RowThreadProvider>
      {reviewing ? <ReviewPanel dock={placeOf('review')} project={project} checks={checks} stepLabels={stepLabels} onClose={() => setReviewing(false)} onChanged={refresh} /> : null}
      {baselining ? <BaselinesPanel dock={placeOf('baselines')} project={project} onClose={() => setBaselining(false)} /> : null}
      {taskLog ? <TaskLogPanel side={placeOf('taskLog') ?? 'right'} projectId={project.id} onClose={() => setTaskLog(false)} /> : null}
      {proposing ? (
        <ProposalsInbox
          side={placeOf('proposals') ?? 'right'}
          project={project}
          proposals={proposals}
          onClose={() => setProposing(false)}
          onChanged={() => setRevision((n) => n + 1)}
        />
      ) : null}
      {checking ? <ChecksPanel dock={placeOf('checks')} checks={checks} onClose={() => setChecking(false)} onOpenFinding={(f) => void openFinding(f)} /> : null}
      <ImportDialog
        open={importing}
        target={{ projectId: project.id, serialNum: project.serialNum }}
        onClose={() => setImporting(false)}
        onImported={() => {
          void load();
          setRevision((n) => n + 1);
        }}
      />
    </div>
  );
}
