import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatDateTime, localName, type ApiData } from '@fmea/sdk';
import { ApBars, ApLegend, CountBars, HeatMap, TrendChart } from './charts.tsx';
import { useReportLabels } from './labels.ts';

/**
 * The reports as documents: what the report pages show and what prints (the same component in the page and in
 * the print view; report.css's print rules put each section on its own A4 landscape page).
 */
export type DfmeaData = ApiData<'/api/report/dfmea'>;
export type PfmeaData = ApiData<'/api/report/pfmea'>;
export type TrendData = ApiData<'/api/report/trend'>;
export type CountsData = ApiData<'/api/report/counts'>;
export type NodesData = ApiData<'/api/report/nodes'>;
export type TasksData = ApiData<'/api/report/tasks'>;

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="rpt-section" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Figure({ label, value, alert }: { label: ReactNode; value: ReactNode; alert?: boolean }) {
  return (
    <div className={`rpt-figure${alert ? ' rpt-alert' : ''}`}>
      <span>{label}</span>
      <b>{value}</b>
    </div>
  );
}

function Table({ headers, rows, empty }: { headers: readonly ReactNode[]; rows: readonly (readonly ReactNode[])[]; empty: ReactNode }) {
  if (rows.length === 0) return <p className="rpt-empty">{empty}</p>;
  return (
    <table className="rpt-table">
      <thead>
        <tr>
          {headers.map((h, i) => (
            <th key={i}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, c) => (
              <td key={c} className={typeof cell === 'number' ? 'rpt-num' : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Header({ report, title }: { report: DfmeaData | PfmeaData; title: ReactNode }) {
  const { i18n } = useLingui();
  const labels = useReportLabels();
  return (
    <header>
      <h1 data-testid="rpt-title">
        {title} · {report.project.serialNum} <span data-user-content>{report.project.name}</span>
      </h1>
      <p className="rpt-sub">
        {labels.projectType[report.project.projectType] ?? report.project.projectType} · {labels.reviewStatus[report.project.reviewStatus] ?? report.project.reviewStatus} ·{' '}
        <Trans>generated {formatDateTime(report.generatedAt, i18n.locale)}</Trans>
      </p>
    </header>
  );
}

function RiskSections({ report, trend }: { report: DfmeaData | PfmeaData; trend: TrendData | null }) {
  const { t, i18n } = useLingui();
  const labels = useReportLabels();
  const actions = report.openActions;
  return (
    <>
      <Section title={<Trans>Risk</Trans>} testId="rpt-risk">
        <div className="rpt-figures">
          <Figure label={<Trans>Failure chains</Trans>} value={report.before.chains} />
          <Figure label={<Trans>AP H before</Trans>} value={report.before.H} alert={report.before.H > 0} />
          <Figure label={<Trans>AP H after</Trans>} value={report.after.H} alert={report.after.H > 0} />
          <Figure label={<Trans>Not rated</Trans>} value={report.before.unrated} />
          <Figure label={<Trans>Open actions</Trans>} value={actions.open} />
          <Figure label={<Trans>Overdue actions</Trans>} value={actions.overdue} alert={actions.overdue > 0} />
        </div>
        <div className="rpt-charts">
          <ApBars before={report.before} after={report.after} />
          {trend ? <TrendChart points={trend.points} /> : null}
        </div>
      </Section>
      <Section title={<Trans>S×O heat map</Trans>} testId="rpt-heat">
        <div className="rpt-charts">
          <HeatMap cells={report.heatBefore} title={t`Before optimisation`} testId="rpt-heat-before" />
          <HeatMap cells={report.heatAfter} title={t`After optimisation`} testId="rpt-heat-after" />
        </div>
        <ApLegend />
      </Section>
      <Section title={<Trans>Open actions by responsible person</Trans>} testId="rpt-actions">
        <Table
          headers={[t`Responsible`, t`Action`, t`Failure cause`, t`Target date`, t`Status`]}
          empty={<Trans>No open actions.</Trans>}
          rows={actions.owners.flatMap((o) =>
            o.items.map((i) => [
              <span data-user-content>{localName(i18n.locale, o.ownerName, o.ownerNameEn) || t`(no responsible person)`}</span>,
              <span data-user-content>{i.description}</span>,
              <span data-user-content>{i.causeDescription}</span>,
              <span className={i.overdue ? 'rpt-overdue' : undefined}>{i.targetDate ? formatDate(i.targetDate) : '—'}{i.overdue ? ` · ${t`overdue`}` : ''}</span>,
              labels.actionStatus[i.status] ?? i.status,
            ]),
          )}
        />
      </Section>
    </>
  );
}

export function DfmeaDocument({ report, trend }: { report: DfmeaData; trend: TrendData | null }) {
  const { t } = useLingui();
  const labels = useReportLabels();
  const cov = report.testCoverage;
  return (
    <article className="rpt-doc" data-testid="rpt-doc">
      <Header report={report} title={<Trans>DFMEA report</Trans>} />
      <RiskSections report={report} trend={trend} />
      <Section title={<Trans>Special characteristics</Trans>} testId="rpt-special">
        <Table
          headers={[t`Structure element`, t`Function`, t`Characteristic`, t`Class`]}
          empty={<Trans>No special characteristics.</Trans>}
          rows={report.specialCharacteristics.map((c) => [
            <span data-user-content>{c.elementName}</span>,
            <span data-user-content>{c.functionDescription}</span>,
            <span data-user-content>{c.name}</span>,
            c.customerClass ?? labels.characteristicClass[c.characteristicClass] ?? c.characteristicClass,
          ])}
        />
      </Section>
      <Section title={<Trans>Test coverage of the detection controls</Trans>} testId="rpt-coverage">
        {cov.available ? (
          <div className="rpt-figures">
            <Figure label={<Trans>Detection controls</Trans>} value={cov.controls} />
            <Figure label={<Trans>With a test</Trans>} value={`${cov.tested} (${cov.percent ?? 0} %)`} />
            <Figure label={<Trans>Qualified</Trans>} value={cov.qualified} />
            <Figure label={<Trans>Unqualified</Trans>} value={cov.unqualified} alert={cov.unqualified > 0} />
            <Figure label={<Trans>Open</Trans>} value={cov.open} />
          </div>
        ) : (
          <p className="rpt-empty">
            <Trans>No DVP&R yet: no test is linked to this DFMEA’s detection controls.</Trans>
          </p>
        )}
      </Section>
    </article>
  );
}

export function PfmeaDocument({ report, trend }: { report: PfmeaData; trend: TrendData | null }) {
  const { t } = useLingui();
  const labels = useReportLabels();
  return (
    <article className="rpt-doc" data-testid="rpt-doc">
      <Header report={report} title={<Trans>PFMEA and control plan report</Trans>} />
      <RiskSections report={report} trend={trend} />
      <Section title={<Trans>Special characteristics and the control plan</Trans>} testId="rpt-special">
        <div className="rpt-figures">
          <Figure label={<Trans>Controlled</Trans>} value={report.controlPlan.complete} />
          <Figure label={<Trans>Control method or reaction plan missing</Trans>} value={report.controlPlan.incomplete} alert={report.controlPlan.incomplete > 0} />
          <Figure label={<Trans>No control-plan line</Trans>} value={report.controlPlan.missing} alert={report.controlPlan.missing > 0} />
        </div>
        <Table
          headers={[t`Process step or element`, t`Function`, t`Characteristic`, t`Class`, t`Control plan`]}
          empty={<Trans>No special characteristics.</Trans>}
          rows={report.specialCharacteristics.map((c) => [
            <span data-user-content>{c.elementName}</span>,
            <span data-user-content>{c.functionDescription}</span>,
            <span data-user-content>{c.name}</span>,
            c.customerClass ?? labels.characteristicClass[c.characteristicClass] ?? c.characteristicClass,
            <span className={`rpt-cp-${c.controlPlan}`}>{labels.controlPlan[c.controlPlan]}</span>,
          ])}
        />
      </Section>
    </article>
  );
}

export function CountsDocument({ report }: { report: CountsData }) {
  const { t, i18n } = useLingui();
  const labels = useReportLabels();
  const siteOf = new Map(report.rows.map((r) => [r.keys.siteId ?? '', localName(i18n.locale, r.siteName, r.siteNameEn) || t`(no site)`]));
  return (
    <article className="rpt-doc" data-testid="rpt-doc">
      <h1 data-testid="rpt-title">
        <Trans>Counts</Trans>
      </h1>
      <Section title={<Trans>FMEA projects</Trans>} testId="rpt-counts">
        <div className="rpt-figures">
          <Figure label={<Trans>Projects</Trans>} value={report.total} />
        </div>
        <div className="rpt-charts">
          <CountBars title={t`By type`} testId="rpt-by-type" rows={report.byType.map((v) => ({ label: labels.projectType[v.value] ?? v.value, n: v.n }))} />
          <CountBars title={t`By review status`} testId="rpt-by-status" rows={report.byStatus.map((v) => ({ label: labels.reviewStatus[v.value] ?? v.value, n: v.n }))} />
          <CountBars title={t`By site`} testId="rpt-by-site" rows={report.bySite.map((v) => ({ label: siteOf.get(v.value) ?? v.value, n: v.n }))} />
        </div>
      </Section>
      <Section title={<Trans>By type, status and site</Trans>}>
        <Table
          headers={[t`Type`, t`Review status`, t`Site`, t`Count`]}
          empty={<Trans>No projects.</Trans>}
          rows={report.rows.map((r) => [labels.projectType[r.keys.projectType ?? ''] ?? r.keys.projectType, labels.reviewStatus[r.keys.reviewStatus ?? ''] ?? r.keys.reviewStatus, siteOf.get(r.keys.siteId ?? ''), r.n])}
        />
      </Section>
    </article>
  );
}

export function NodesDocument({ report }: { report: NodesData }) {
  const { t } = useLingui();
  const labels = useReportLabels();
  const cols = ['nodes', 'functions', 'effects', 'modes', 'causes', 'chains'] as const;
  const names = { nodes: t`Structure nodes`, functions: t`Functions`, effects: t`Failure effects`, modes: t`Failure modes`, causes: t`Failure causes`, chains: t`Failure chains` };
  return (
    <article className="rpt-doc" data-testid="rpt-doc">
      <h1 data-testid="rpt-title">
        <Trans>Nodes</Trans>
      </h1>
      <Section title={<Trans>Totals</Trans>} testId="rpt-nodes">
        <CountBars title={t`Over the projects you may open`} testId="rpt-node-totals" rows={cols.map((c) => ({ label: names[c], n: report.total[c] }))} />
      </Section>
      <Section title={<Trans>Per project</Trans>}>
        <Table
          headers={[t`Project number`, t`Name`, t`Type`, ...cols.map((c) => names[c])]}
          empty={<Trans>No projects.</Trans>}
          rows={report.rows.map((r) => [r.serialNum, <span data-user-content>{r.name}</span>, labels.projectType[r.projectType] ?? r.projectType, ...cols.map((c) => r[c])])}
        />
      </Section>
    </article>
  );
}

export function TasksDocument({ report }: { report: TasksData }) {
  const { t } = useLingui();
  const labels = useReportLabels();
  const codes = Object.keys(labels.taskStatus);
  const byStatus = report.byStatus as Record<string, number>;
  return (
    <article className="rpt-doc" data-testid="rpt-doc">
      <h1 data-testid="rpt-title">
        <Trans>Task report</Trans>
      </h1>
      <Section title={<Trans>Tasks</Trans>} testId="rpt-tasks">
        <div className="rpt-figures">
          <Figure label={<Trans>Tasks</Trans>} value={report.total} />
          <Figure label={<Trans>Unfinished</Trans>} value={report.open} />
          <Figure label={<Trans>Overdue</Trans>} value={report.overdue} alert={report.overdue > 0} />
        </div>
        <CountBars title={t`By status`} testId="rpt-task-status" rows={codes.map((c) => ({ label: labels.taskStatus[c]!, n: byStatus[c] ?? 0 }))} />
      </Section>
      <Section title={<Trans>By handler</Trans>}>
        <Table
          headers={[t`Handler`, t`Tasks`, t`Unfinished`, t`Overdue`]}
          empty={<Trans>No tasks.</Trans>}
          rows={report.handlers.map((h) => [<span data-user-content>{h.handlerName ?? t`(no handler)`}</span>, h.total, h.open, h.overdue > 0 ? <span className="rpt-overdue">{h.overdue}</span> : 0])}
        />
      </Section>
    </article>
  );
}
