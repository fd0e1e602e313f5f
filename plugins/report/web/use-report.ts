import { projectReportSide, type ProjectReportKind } from '@fmea/core/domain';
import { api, useLoad } from '@fmea/sdk';

/** The kinds of report a page or the print view shows (the micro routes of the area): a project's (dfmea, pfmea) or an overview. */
export type OverviewKind = 'counts' | 'nodes' | 'tasks';
/** What the print view prints: a report, or a project's FMEA form (`form`). */
export type ReportKind = ProjectReportKind | OverviewKind | 'form';
export const REPORT_PAGES: readonly ReportKind[] = ['dfmea', 'pfmea', 'counts', 'nodes', 'tasks', 'form'];

/** Loads one report: a project's report with its AP history, or an overview report. Nothing when a project report has no project yet. */
export function useReport(kind: ReportKind, projectId: string) {
  return useLoad(async () => {
    const side = projectReportSide(kind);
    if (side) {
      if (!projectId) return null;
      const trend = api.get('/api/report/trend', { projectId, kind: kind as ProjectReportKind });
      if (side === 'design') return { kind: side, report: await api.get('/api/report/dfmea', { projectId }), trend: await trend } as const;
      return { kind: side, report: await api.get('/api/report/pfmea', { projectId }), trend: await trend } as const;
    }
    if (kind === 'form') return projectId ? ({ kind: 'form', report: await api.get('/api/report/form', { projectId }) } as const) : null;
    switch (kind as OverviewKind) {
      case 'counts':
        return { kind: 'counts', report: await api.get('/api/report/counts', {}) } as const;
      case 'nodes':
        return { kind: 'nodes', report: await api.get('/api/report/nodes', {}) } as const;
      case 'tasks':
        return { kind: 'tasks', report: await api.get('/api/report/tasks', {}) } as const;
    }
  }, [kind, projectId]);
}

export type LoadedReport = NonNullable<ReturnType<typeof useReport>['data']>;
