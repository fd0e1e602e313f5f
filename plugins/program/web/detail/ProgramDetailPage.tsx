import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { projectLink } from '@fmea/core/domain';
import { api, Button, EmptyState, formatDate, localName, notify, notifyError, PageHeader, readServerError, useGuardedNavigate, useLoad, usePermission, useUser, type AreaPageProps } from '@fmea/sdk';
import { ProgramGantt } from '../gantt/ProgramGantt.tsx';
import type { GanttLink, GanttTask } from '../gantt/model.ts';
import { ProgramDialog } from '../list/ProgramDialog.tsx';
import { AddTaskDialog } from './AddTaskDialog.tsx';
import type { ProgramDetail, ProgramPlan } from '../program-api.ts';
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
  const allowedList = usePermission('program_index');
  const allowed = usePermission('program_detail');
  const user = useUser();
  const detail = useLoad(() => api.get('/api/program/get', { id }), [id]);
  const [baselineId, setBaselineId] = useState<string>('');
  const [plan, setPlan] = useState<ProgramPlan | null>(null);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const loadPlan = useCallback(async () => {
    try {
      setPlan(await api.get('/api/program/plan', { id, ...(baselineId ? { baselineId } : {}) }));
    } catch (error) {
      notifyError(error);
    }
  }, [id, baselineId]);
  useEffect(() => void loadPlan(), [loadPlan]);

  const program = detail.data;
  const mine = program ? program.creatorId === user?.userId : false;
  const canSchedule = allowed('schedule');
  const milestoneLabel: Record<(typeof MILESTONE_KEYS)[number], string> = { dtPostDate: t`DT post`, releaseDate: t`Release`, dePostDate: t`DE post`, completeDate: t`Completion`, sopDate: t`SOP` };

  const ganttTasks = useMemo<GanttTask[]>(() => {
    if (!plan || !program) return [];
    const tasks: GanttTask[] = plan.tasks
      .filter((task) => task.plannedStart && task.plannedEnd)
      .map((task) => ({
        id: task.id,
        num: task.taskNum,
        name: task.name,
        start: task.plannedStart!,
        end: task.plannedEnd!,
        progress: task.progress,
        critical: task.critical,
        slack: task.slack,
        baselineStart: task.baselineStart ?? null,
        baselineEnd: task.baselineEnd ?? null,
        owner: task.handlerName ?? null,
      }));
    for (const key of MILESTONE_KEYS) {
      const day = program[key];
      if (day) tasks.push({ id: `milestone:${key}`, num: '', name: milestoneLabel[key], start: day, end: day, progress: 0, critical: false, slack: 0, milestone: true });
    }
    return tasks;
  }, [plan, program, i18n.locale]);
  const ganttLinks = useMemo<GanttLink[]>(() => (plan?.dependencies ?? []).map((d) => ({ id: d.id, from: d.predecessorId, to: d.successorId })), [plan]);

  /** A refusal from the server, said above the chart (and the chart back at the plan it had). */
  const refused = (error: unknown) => {
    const said = readServerError(error);
    setRefusal(said.message ?? t`The server refused the change.`);
    setPlan((p) => (p ? { ...p, tasks: [...p.tasks] } : p));
  };

  const reschedule = async (taskId: string, range: { start: string; end: string }) => {
    if (taskId.startsWith('milestone:')) return void setPlan((p) => (p ? { ...p, tasks: [...p.tasks] } : p));
    setRefusal(null);
    try {
      const next = await api.post('/api/program/reschedule', { programId: id, taskId, plannedStart: range.start, plannedEnd: range.end, ...(baselineId ? { baselineId } : {}) });
      setPlan(next);
      const moved = next.moved ?? 0;
      notify('success', t`Plan saved; ${moved} tasks moved`);
    } catch (error) {
      refused(error);
    }
  };

  const link = async (from: string, to: string) => {
    setRefusal(null);
    try {
      setPlan(await api.post('/api/program/addDependency', { programId: id, predecessorId: from, successorId: to, ...(baselineId ? { baselineId } : {}) }));
      notify('success', t`Dependency added`);
    } catch (error) {
      refused(error);
    }
  };

  const saveBaseline = async () => {
    try {
      const saved = await api.post('/api/program/saveBaseline', { programId: id });
      const num = saved.baselineNum;
      notify('success', t`Baseline ${num} saved`);
      detail.reload();
      setBaselineId(saved.id);
    } catch (error) {
      notifyError(error);
    }
  };

  if (detail.error) return <EmptyState title={<Trans>This program could not be opened</Trans>}>{detail.error}</EmptyState>;
  if (!program) return <div className="page" aria-busy="true" />;
  const name = localName(i18n.locale, program.programName, program.enProgramName);
  const fmeas = program.fmeas;
  const dfmeas = fmeas.filter((f) => f.projectType !== 'pfmea');
  const pfmeas = fmeas.filter((f) => f.projectType === 'pfmea');
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
            {allowedList('edit') || mine ? (
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
        <h3 id="program-fmeas">
          <Trans>FMEAs of the program</Trans>
        </h3>
        {fmeas.length === 0 ? (
          <p className="muted">
            <Trans>No DFMEA or PFMEA belongs to this program yet: a task on an FMEA adds it.</Trans>
          </p>
        ) : (
          <div className="program-fmeas">
            {[...dfmeas, ...pfmeas].map((f) => (
              <Button key={f.id} kind="link" data-testid="program-fmea" onClick={() => void navigate(projectLink(f.projectType, f.id))}>
                {f.projectType.toUpperCase()} {f.projectNum} <span data-user-content>{f.name}</span>
              </Button>
            ))}
          </div>
        )}
      </section>

      <section className="program-section" aria-labelledby="program-stages">
        <h3 id="program-stages">
          <Trans>Stages</Trans>
        </h3>
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
              <Trans>Compare with</Trans>{' '}
              <select className="input" data-testid="program-baseline" value={baselineId} onChange={(e) => setBaselineId(e.target.value)}>
                <option value="">{t`No baseline`}</option>
                {program.baselines.map((b) => (
                  <option key={b.id} value={b.id}>
                    {t`Baseline`} {b.baselineNum} · {formatDate(b.createTime)}
                  </option>
                ))}
              </select>
            </label>
            {allowed('baseline') ? (
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
        {plan && plan.tasks.length === 0 ? (
          <EmptyState title={<Trans>No tasks yet</Trans>}>{canSchedule ? <Trans>Add the program's tasks to plan it.</Trans> : null}</EmptyState>
        ) : plan ? (
          <ProgramGantt tasks={ganttTasks} links={ganttLinks} editable={canSchedule} onReschedule={(taskId, range) => void reschedule(taskId, range)} onLink={(a, b) => void link(a, b)} />
        ) : (
          <div aria-busy="true" />
        )}
      </section>
      {editing ? (
        <ProgramDialog
          program={program}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            detail.reload();
            void loadPlan();
          }}
        />
      ) : null}
      {adding && plan ? (
        <AddTaskDialog
          programId={id}
          stages={program.stages}
          tasks={plan.tasks}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            detail.reload();
            void loadPlan();
          }}
        />
      ) : null}
    </div>
  );
}
