import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { projectLink, TASK_STATUS } from '@fmea/core/domain';
import { api, Button, EmptyState, formatDate, formatDateTime, localName, notify, notifyError, PageHeader, readServerError, useGuardedNavigate, useLoad, type AreaPageProps } from '@fmea/sdk';
import { ProgramGantt, zoomFor, type GanttZoom } from '../gantt/ProgramGantt.tsx';
import { dayToDate, daysBetween, type GanttLink, type GanttTask } from '../gantt/model.ts';
import { ProgramDialog } from '../list/ProgramDialog.tsx';
import { AddTaskDialog } from './AddTaskDialog.tsx';
import { LinkFmeaDialog } from './LinkFmeaDialog.tsx';
import { StagesDialog } from './StagesDialog.tsx';
import type { PlanChange } from '../program-api.ts';
import '../program.css';

const MILESTONE_KEYS = ['dtPostDate', 'releaseDate', 'dePostDate', 'completeDate', 'sopDate'] as const;

/**
 * One program (spec 001 §2 program_detail): its header, its DFMEAs and PFMEAs (each opens), stages,
 * milestones, and the Gantt chart of its tasks. The plan is the server's: a bar dragged is a reschedule
 * request answered with the cascaded plan (critical path and slack recomputed) or refused with a message;
 * the chart then shows the server's plan. A saved baseline is drawn under the bars to compare against.
 */
export default function ProgramDetailPage({ basePath }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const navigate = useGuardedNavigate();
  const [baselineId, setBaselineId] = useState<string>('');
  const plan = useLoad(() => api.get('/api/program/plan', { id, ...(baselineId ? { baselineId } : {}) }), [id, baselineId]);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [linking, setLinking] = useState(false);
  const [staging, setStaging] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Bumped to draw the plan as it was before a refused drag: the chart is drawn anew (it had moved the bar itself, and keeps its own copy). */
  const [redraw, setRedraw] = useState(0);
  /** The chart's scale: chosen by the user, else the one that shows the plan's span on about one screen. */
  const [zoomChoice, setZoom] = useState<GanttZoom | null>(null);

  const data = plan.data;
  const program = data?.program;
  const zoom = zoomChoice ?? (data?.start && data.finish ? zoomFor(daysBetween(dayToDate(data.start), dayToDate(data.finish))) : 'day');
  /** The server's judgement: program_index edit under the project-creator rule xmcjzRule. */
  const canEdit = data?.canEdit ?? false;
  const canSchedule = data?.canSchedule ?? false;
  const milestoneLabel: Record<(typeof MILESTONE_KEYS)[number], string> = { dtPostDate: t`DT post`, releaseDate: t`Release`, dePostDate: t`DE post`, completeDate: t`Completion`, sopDate: t`SOP` };

  const ganttTasks = useMemo<GanttTask[]>(() => {
    if (!data) return [];
    const saved = new Map((data.baseline?.variance ?? []).map((v) => [v.taskId, v]));
    const tasks: GanttTask[] = data.tasks
      .filter((task) => task.plannedStart && task.plannedEnd)
      .map((task) => ({
        id: task.id,
        num: task.taskNum,
        name: task.taskName,
        start: task.plannedStart!,
        end: task.plannedEnd!,
        // the bar fills when the task is done (a task has no partial progress of its own)
        progress: task.taskStatus === TASK_STATUS.completed ? 100 : 0,
        critical: task.critical,
        slack: task.slack ?? 0,
        baselineStart: saved.get(task.id)?.plannedStart ?? null,
        baselineEnd: saved.get(task.id)?.plannedEnd ?? null,
        owner: task.handlerName ?? null,
      }));
    for (const key of MILESTONE_KEYS) {
      const day = data.program[key];
      if (day) tasks.push({ id: `milestone:${key}`, num: '', name: milestoneLabel[key], start: day, end: day, progress: 0, critical: false, slack: 0, milestone: true });
    }
    return tasks;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, i18n.locale]);
  const tasksByStage = useMemo(() => {
    const counts = new Map<string, number>();
    for (const task of data?.tasks ?? []) if (task.stageId) counts.set(task.stageId, (counts.get(task.stageId) ?? 0) + 1);
    return counts;
  }, [data]);
  const ganttLinks = useMemo<GanttLink[]>(() => (data?.dependencies ?? []).map((d) => ({ id: d.id, from: d.predecessorId, to: d.successorId })), [data]);

  /** The server's answer to a change of the plan: the moved tasks' dates, every task's slack, the critical path. */
  const apply = (change: PlanChange) => {
    if (!data) return;
    const moved = new Map(change.changed.map((c) => [c.id, c]));
    const slack = new Map(change.slack.map((s) => [s.id, s]));
    plan.set({
      ...data,
      finish: change.finish,
      criticalPath: change.criticalPath,
      tasks: data.tasks.map((task) => {
        const m = moved.get(task.id);
        const s = slack.get(task.id);
        return { ...task, ...(m ? { plannedStart: m.plannedStart, plannedEnd: m.plannedEnd, version: m.version } : {}), ...(s ? { slack: s.slack, critical: s.critical } : {}) };
      }),
    });
  };

  /** A refusal from the server, said above the chart, and the chart back at the plan it had. */
  const refused = (error: unknown) => {
    setRefusal(readServerError(error).message ?? t`The server refused the change.`);
    setRedraw((n) => n + 1);
  };

  const reschedule = async (taskId: string, range: { start: string; end: string }) => {
    setRefusal(null);
    const task = data?.tasks.find((x) => x.id === taskId);
    if (!task) return void setRedraw((n) => n + 1); // a milestone: the program's dates are edited in its dialog
    try {
      const change = await api.post('/api/program/reschedule', { id, taskId, plannedStart: range.start, plannedEnd: range.end, version: task.version });
      apply(change);
      const moved = change.changed.length;
      notify('success', t`Plan saved; ${moved} tasks moved`);
    } catch (error) {
      refused(error);
    }
  };

  const link = async (from: string, to: string) => {
    setRefusal(null);
    try {
      const change = await api.post('/api/program/addDependency', { id, predecessorId: from, successorId: to });
      plan.set({ ...data!, dependencies: [...data!.dependencies, change.dependency] });
      apply(change);
      notify('success', t`Dependency added`);
    } catch (error) {
      refused(error);
    }
  };

  const saveBaseline = async () => {
    try {
      const saved = await api.post('/api/program/saveBaseline', { id });
      const num = saved.baselineNum;
      notify('success', t`Baseline ${num} saved`);
      if (baselineId === saved.id) plan.reload();
      else setBaselineId(saved.id);
    } catch (error) {
      notifyError(error);
    }
  };

  if (plan.error) return <EmptyState title={<Trans>This program could not be opened</Trans>}>{plan.error}</EmptyState>;
  if (!data || !program) return <div className="page" aria-busy="true" />;
  const name = localName(i18n.locale, program.programName, program.enProgramName);
  const fmeas = program.fmeas;
  const dfmeas = fmeas.filter((f) => f.taskObject !== '2');
  const pfmeas = fmeas.filter((f) => f.taskObject === '2');
  const field = (label: string, value: string | null | undefined, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId} data-user-content>
        {value || '—'}
      </dd>
    </div>
  );

  return (
    <div className="page program-detail" data-testid="program-detail">
      <PageHeader
        title={
          <>
            {program.programNum} <span data-user-content>{name}</span>
          </>
        }
        actions={
          <>
            <Button onClick={() => void navigate(basePath)}>
              <Trans>All programs</Trans>
            </Button>
            {canEdit ? (
              <Button data-testid="program-detail-edit" onClick={() => setEditing(true)}>
                <Trans>Edit</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <dl className="program-header">
        {field(t`Product`, program.productNum ? `${program.productNum} ${program.productName ?? ''}` : null)}
        {field(t`Owner`, program.programOwnerName)}
        {field(t`Start`, formatDate(program.startDate))}
        {field(t`End`, formatDate(program.endDate))}
        {field(t`SOP`, formatDate(program.sopDate))}
        {field(t`DT post`, formatDate(program.dtPostDate))}
        {field(t`Release`, formatDate(program.releaseDate))}
        {field(t`DE post`, formatDate(program.dePostDate))}
        {field(t`Completion`, formatDate(program.completeDate))}
        {field(t`DFMEAs`, String(program.dfmeaCount), 'program-dfmea-count')}
        {field(t`PFMEAs`, String(program.pfmeaCount), 'program-pfmea-count')}
        {field(t`Updated by`, program.updaterName)}
      </dl>

      <section className="program-section" aria-labelledby="program-fmeas">
        <div className="program-section-head">
          <h3 id="program-fmeas">
            <Trans>FMEAs of the program</Trans>
          </h3>
          {canEdit ? (
            <Button data-testid="program-add-fmea" onClick={() => setLinking(true)}>
              <Trans>Add an FMEA</Trans>
            </Button>
          ) : null}
        </div>
        {fmeas.length === 0 ? (
          <p className="muted">
            <Trans>No DFMEA or PFMEA belongs to this program yet; add one to plan tasks on its nodes.</Trans>
          </p>
        ) : (
          <div className="program-fmeas">
            {[...dfmeas, ...pfmeas].map((f) => (
              <Button key={f.projectId} kind="link" data-testid="program-fmea" onClick={() => void navigate(projectLink(f.projectType, f.projectId))}>
                {f.projectType.toUpperCase()} {f.serialNum} <span data-user-content>{f.name}</span>
              </Button>
            ))}
          </div>
        )}
      </section>

      <section className="program-section" aria-labelledby="program-stages">
        <div className="program-section-head">
          <h3 id="program-stages">
            <Trans>Stages</Trans>
          </h3>
          {canEdit ? (
            <Button data-testid="program-edit-stages" onClick={() => setStaging(true)}>
              <Trans>Edit stages</Trans>
            </Button>
          ) : null}
        </div>
        {program.stages.length ? (
          <ol className="program-stages">
            {program.stages.map((s) => (
              <li key={s.id} data-user-content>
                {localName(i18n.locale, s.name, s.nameEn)}
                {s.startDate ? ` · ${formatDate(s.startDate)} – ${formatDate(s.endDate)}` : ''}
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted">
            <Trans>No stages.</Trans>
          </p>
        )}
      </section>

      <section className="program-section" aria-labelledby="program-plan">
        <div className="program-section-head">
          <h3 id="program-plan">
            <Trans>Plan</Trans>
          </h3>
          <div className="page-actions">
            <label className="program-baseline-pick">
              <Trans>Scale</Trans>{' '}
              <select className="input" data-testid="program-zoom" value={zoom} onChange={(e) => setZoom(e.target.value as GanttZoom)}>
                <option value="day">{t`Days`}</option>
                <option value="week">{t`Weeks`}</option>
                <option value="month">{t`Months`}</option>
              </select>
            </label>
            <label className="program-baseline-pick">
              <Trans>Compare with</Trans>{' '}
              <select className="input" data-testid="program-baseline" value={baselineId} onChange={(e) => setBaselineId(e.target.value)}>
                {data.baselines.length === 0 ? <option value="">{t`No baseline saved`}</option> : null}
                {data.baselines.map((b, i) => (
                  <option key={b.id} value={i === 0 && !baselineId ? '' : b.id}>
                    {b.name} · {formatDateTime(b.createdAt, i18n.locale)}
                  </option>
                ))}
              </select>
            </label>
            {data.canBaseline ? (
              <Button data-testid="program-save-baseline" onClick={() => void saveBaseline()}>
                <Trans>Save baseline</Trans>
              </Button>
            ) : null}
            {canSchedule ? (
              <Button kind="primary" data-testid="program-add-task" onClick={() => setAdding(true)}>
                <Trans>Add task</Trans>
              </Button>
            ) : null}
          </div>
        </div>
        {refusal ? (
          <div className="alert alert-error" role="alert" data-testid="program-plan-refusal">
            {refusal}
          </div>
        ) : null}
        <div className="program-legend" aria-hidden="true">
          <span>
            <i className="lg-task" />
            <Trans>Task</Trans>
          </span>
          <span>
            <i className="lg-critical" />
            <Trans>Critical path</Trans>
          </span>
          <span>
            <i className="lg-slack" />
            <Trans>Slack</Trans>
          </span>
          <span>
            <i className="lg-baseline" />
            <Trans>Baseline</Trans>
          </span>
          {canSchedule ? <Trans>Drag a bar to reschedule; drag from a bar's end to another's start to add a dependency.</Trans> : null}
        </div>
        {data.tasks.length === 0 ? (
          <EmptyState title={<Trans>No tasks yet</Trans>}>{canSchedule ? <Trans>Add the program's tasks to plan it.</Trans> : null}</EmptyState>
        ) : (
          <ProgramGantt key={redraw} zoom={zoom} tasks={ganttTasks} links={ganttLinks} editable={canSchedule} onReschedule={(taskId, range) => void reschedule(taskId, range)} onLink={(a, b) => void link(a, b)} />
        )}
      </section>
      {editing ? (
        <ProgramDialog
          program={program}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            plan.reload();
          }}
        />
      ) : null}
      {linking ? (
        <LinkFmeaDialog
          program={program}
          onClose={() => setLinking(false)}
          onSaved={() => {
            setLinking(false);
            plan.reload();
          }}
        />
      ) : null}
      {staging ? (
        <StagesDialog
          program={program}
          tasksByStage={tasksByStage}
          onClose={() => setStaging(false)}
          onSaved={() => {
            setStaging(false);
            plan.reload();
          }}
        />
      ) : null}
      {adding ? (
        <AddTaskDialog
          programId={program.id}
          stages={program.stages}
          fmeas={program.fmeas}
          tasks={data.tasks}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            plan.reload();
          }}
        />
      ) : null}
    </div>
  );
}
