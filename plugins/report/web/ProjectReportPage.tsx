import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearch } from 'wouter';
import { projectReportSide, type ProjectReportKind } from '@fmea/core/domain';
import { api, Button, EmptyState, PageHeader, Select, useLoad, type AreaPageProps } from '@fmea/sdk';
import { ReportDocument } from './ReportDocument.tsx';
import { ReportTools } from './ReportTools.tsx';
import { useReport } from './use-report.ts';
import './report.css';

/**
 * The DFMEA report and the PFMEA and control-plan report (micro routes dfmea, pfmea): choose a project, read
 * the report with its charts, export the workbook or print. The project stays in the address (?projectId=).
 */
export default function ProjectReportPage({ microRoute, basePath }: AreaPageProps) {
  const { t } = useLingui();
  const kind = microRoute as ProjectReportKind;
  const design = projectReportSide(kind) === 'design';
  const projectId = new URLSearchParams(useSearch()).get('projectId') ?? '';
  const [, navigate] = useLocation();
  const projects = useLoad(() => api.post('/api/project/list', { projectType: kind, limit: 100, sort: 'serialNum', order: 'asc' }), [kind]);
  const loaded = useReport(kind, projectId);
  const data = loaded.data;
  const serialNum = data && 'project' in data.report ? data.report.project.serialNum : undefined;
  return (
    <div className="page rpt-page" data-testid={`rpt-${kind}-page`}>
      <PageHeader title={design ? <Trans>DFMEA report</Trans> : <Trans>PFMEA and control plan report</Trans>} actions={
          data ? (
            <>
              <ReportTools kind={kind} projectId={projectId} serialNum={serialNum} />
              <Button data-testid="rpt-print-form" onClick={() => navigate(`${basePath}/print?kind=form&projectId=${encodeURIComponent(projectId)}`)}>
                <Trans>FMEA form to print</Trans>
              </Button>
            </>
          ) : null
        } />
      <div className="rpt-controls">
        <Select
          aria-label={t`Project`}
          data-testid="rpt-project"
          value={projectId}
          onChange={(e) => navigate(`${basePath}/${kind}${e.target.value ? `?projectId=${encodeURIComponent(e.target.value)}` : ''}`)}
          options={[{ value: '', label: t`Choose a project…` }, ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.serialNum} ${p.name}` }))]}
        />
      </div>
      {!projectId ? (
        <EmptyState title={<Trans>Choose the project to report on.</Trans>} />
      ) : loaded.error ? (
        <p className="form-error" role="alert" data-testid="rpt-error">
          {loaded.error}
        </p>
      ) : data ? (
        <ReportDocument loaded={data} />
      ) : (
        <p className="rpt-empty">
          <Trans>Loading…</Trans>
        </p>
      )}
    </div>
  );
}
