import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { Button } from '@fmea/sdk';
import { ReportDocument } from './ReportDocument.tsx';
import { REPORT_PAGES, useReport, type ReportKind } from './use-report.ts';
import './report.css';

/**
 * The print view of one report (?kind=…&projectId=…): the document alone, to print from the browser or to hand to
 * a headless Chromium (page.pdf); report.css's print rules drop the shell around it.
 */
export default function PrintPage() {
  const params = new URLSearchParams(useSearch());
  const asked = params.get('kind') ?? '';
  const kind = (REPORT_PAGES as readonly string[]).includes(asked) ? (asked as ReportKind) : 'counts';
  const loaded = useReport(kind, params.get('projectId') ?? '');
  const project = loaded.data && 'project' in loaded.data.report ? loaded.data.report.project : null;
  // the printed file is named after the title (the browser's "save as PDF", a PDF's Title): the project's number and name
  useEffect(() => {
    if (project) document.title = `${project.serialNum} ${project.name}`;
  }, [project]);
  return (
    <div className="page rpt-page" data-testid="rpt-print-page">
      <div className="rpt-controls">
        <Button kind="primary" data-testid="rpt-print" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
      </div>
      {loaded.error ? (
        <p className="form-error" role="alert">
          {loaded.error}
        </p>
      ) : loaded.data ? (
        <ReportDocument loaded={loaded.data} />
      ) : null}
    </div>
  );
}
