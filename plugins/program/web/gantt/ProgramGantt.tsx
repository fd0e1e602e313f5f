import { useCallback, useMemo, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Gantt, Willow, type IApi, type IColumnConfig } from '@svar-ui/react-gantt';
import { Locale } from '@svar-ui/react-core';
import { cn as coreCn, en as coreEn } from '@svar-ui/core-locales';
import { cn as ganttCn, en as ganttEn } from '@svar-ui/gantt-locales';
import '@svar-ui/react-gantt/all.css';
import { chartRange, chartSpan, daysBetween, toChartTask, type ChartTask, type GanttLink, type GanttTask } from './model.ts';
import './gantt.css';

const ROW_HEIGHT = 34;

/** How much of the plan one screen shows: days for a few weeks, weeks for months, months for years. */
export type GanttZoom = 'day' | 'week' | 'month';
/** Each zoom's unit and cell width in pixels. */
const ZOOMS: Record<GanttZoom, { unit: 'day' | 'week' | 'month'; cellWidth: number }> = {
  day: { unit: 'day', cellWidth: 24 },
  week: { unit: 'week', cellWidth: 56 },
  month: { unit: 'month', cellWidth: 96 },
};

/** The zoom that shows a plan of `days` days on about one screen. */
export const zoomFor = (days: number): GanttZoom => (days > 540 ? 'month' : days > 90 ? 'week' : 'day');

export interface ProgramGanttProps {
  readonly tasks: readonly GanttTask[];
  readonly links: readonly GanttLink[];
  /** Dragging a bar is offered only when the user may reschedule (the server checks again). */
  readonly editable: boolean;
  /** A bar dropped at new dates: the page asks the server, which answers the cascaded plan or refuses. */
  readonly onReschedule?: (taskId: string, range: { start: string; end: string }) => void;
  /** A dependency drawn from the end of one bar to the start of another. */
  readonly onLink?: (from: string, to: string) => void;
  readonly onOpen?: (taskId: string) => void;
  readonly height?: number;
  readonly zoom: GanttZoom;
}

/**
 * The bar's content: its name, the slack after it and the baseline under it (the MIT edition draws neither),
 * at the bar's own scale (its width over its days), whatever the zoom.
 */
function BarTemplate({ data }: { data: ChartTask & { $w?: number } }) {
  if (data.type === 'milestone') return <span className="pg-milestone-text">{data.text}</span>;
  const perDay = (data.$w ?? 0) / Math.max(1, daysBetween(data.start, data.end));
  const baseline =
    data.baseStart && data.baseEnd ? (
      <span
        className="pg-baseline"
        data-testid="gantt-baseline"
        style={{ left: daysBetween(data.start, data.baseStart) * perDay, width: Math.max(2, daysBetween(data.baseStart, data.baseEnd) * perDay) }}
      />
    ) : null;
  return (
    <>
      <span className="pg-bar-text">{data.text}</span>
      {data.slack > 0 ? <span className="pg-slack" style={{ width: data.slack * perDay }} /> : null}
      {baseline}
    </>
  );
}

/**
 * The program's Gantt chart over SVAR React Gantt (MIT core, docs/decisions/gantt.md): rows are virtualised,
 * so 10,000 tasks draw as fast as 100. The plan is the server's: a drag is sent to `onReschedule` and the chart
 * shows what the page passes back (the cascaded plan, or the old one after a refusal); its own editor, task
 * creation, deletion and reordering are switched off (the page has its dialogs).
 */
export function ProgramGantt({ tasks, links, editable, onReschedule, onLink, onOpen, height = 460, zoom }: ProgramGanttProps) {
  const { t, i18n } = useLingui();
  const chartTasks = useMemo(() => tasks.map(toChartTask), [tasks]);
  const chartLinks = useMemo(() => links.map((l) => ({ id: l.id, source: l.from, target: l.to, type: 'e2s' as const })), [links]);
  const span = useMemo(() => chartSpan(chartTasks), [chartTasks]);
  const handlers = useRef({ onReschedule, onLink, onOpen });
  handlers.current = { onReschedule, onLink, onOpen };
  const zh = i18n.locale === 'zh-CN';
  const words = useMemo(() => (zh ? { ...coreCn, ...ganttCn } : { ...coreEn, ...ganttEn }), [zh]);
  const monthFormat = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { year: 'numeric', month: 'short' }), [i18n.locale]);
  const shortMonth = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { month: 'short' }), [i18n.locale]);
  const dayMonth = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { month: 'numeric', day: 'numeric' }), [i18n.locale]);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { year: 'numeric', month: '2-digit', day: '2-digit' }), [i18n.locale]);

  const init = useCallback((api: IApi) => {
    // the page's dialogs add, edit and delete; the chart only moves bars and draws links
    for (const action of ['show-editor', 'add-task', 'delete-task', 'move-task', 'copy-task', 'indent-task', 'update-link', 'delete-link'] as const) api.intercept(action, () => false);
    api.intercept('add-link', (ev: { link: { source?: string | number; target?: string | number; type?: string } }) => {
      const { source, target, type } = ev.link;
      if (source !== undefined && target !== undefined && type === 'e2s') handlers.current.onLink?.(String(source), String(target));
      return false;
    });
    api.on('update-task', (ev: { id: string | number; inProgress?: boolean; task: { start?: Date; end?: Date } }) => {
      if (ev.inProgress || !ev.task.start || !ev.task.end) return;
      handlers.current.onReschedule?.(String(ev.id), chartRange(ev.task.start, ev.task.end));
    });
    api.on('select-task', (ev: { id: string | number }) => handlers.current.onOpen?.(String(ev.id)));
  }, []);

  const columns = useMemo<IColumnConfig[]>(
    () => [
      { id: 'num', header: t`Number`, width: 128 },
      { id: 'text', header: t`Task`, flexgrow: 1 },
      { id: 'start', header: t`Start`, width: 92, template: (v: Date) => dateFormat.format(v) },
      { id: 'slack', header: t`Slack`, width: 76, align: 'right', template: (v: number, row: Record<string, unknown>) => (row.type === 'milestone' ? '' : String(v)) },
    ],
    [t, dateFormat],
  );
  const scales = useMemo(
    () =>
      zoom === 'month'
        ? [
            { unit: 'year', step: 1, format: (d: Date) => String(d.getFullYear()) },
            { unit: 'month', step: 1, format: (d: Date) => shortMonth.format(d) },
          ]
        : [
            { unit: 'month', step: 1, format: (d: Date) => monthFormat.format(d) },
            zoom === 'week' ? { unit: 'week', step: 1, format: (d: Date) => dayMonth.format(d) } : { unit: 'day', step: 1, format: (d: Date) => String(d.getDate()) },
          ],
    [zoom, monthFormat, shortMonth, dayMonth],
  );
  const taskTypes = useMemo(
    () => [
      { id: 'task', label: t`Task` },
      { id: 'critical', label: t`Critical task` },
      { id: 'milestone', label: t`Milestone` },
    ],
    [t],
  );

  return (
    <div className={`program-gantt${editable ? '' : ' pg-readonly'}`} data-testid="program-gantt" style={{ height }}>
      <Willow fonts={false}>
        <Locale words={words}>
          <Gantt
            init={init}
            tasks={chartTasks}
            links={chartLinks}
            columns={columns}
            scales={scales}
            taskTypes={taskTypes}
            taskTemplate={BarTemplate as never}
            cellWidth={ZOOMS[zoom].cellWidth}
            cellHeight={ROW_HEIGHT}
            lengthUnit={ZOOMS[zoom].unit}
            durationUnit="day"
            readonly={!editable}
            gridWidth={500}
            {...(span ? { start: span.start, end: span.end } : {})}
          />
        </Locale>
      </Willow>
    </div>
  );
}
