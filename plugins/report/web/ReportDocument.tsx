import { CountsDocument, DfmeaDocument, NodesDocument, PfmeaDocument, TasksDocument } from './documents.tsx';
import { FormDocument } from './FormDocument.tsx';
import type { LoadedReport } from './use-report.ts';

/** The document of a loaded report, whichever it is. */
export function ReportDocument({ loaded }: { loaded: LoadedReport }) {
  switch (loaded.kind) {
    case 'design':
      return <DfmeaDocument report={loaded.report} trend={loaded.trend} />;
    case 'process':
      return <PfmeaDocument report={loaded.report} trend={loaded.trend} />;
    case 'counts':
      return <CountsDocument report={loaded.report} />;
    case 'nodes':
      return <NodesDocument report={loaded.report} />;
    case 'tasks':
      return <TasksDocument report={loaded.report} />;
    case 'form':
      return <FormDocument form={loaded.report} />;
  }
}
