import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { EmptyState, type WorkAreaProps } from '@fmea/workbench/sdk';
import ProjectList from './list/ProjectList.tsx';
import './dfmea.css';

const ProjectPage = lazy(() => import('./project/ProjectPage.tsx'));

/** DFMEA work area: '' is the project list, 'dfmeaProject' one project (projectId / pptSerial / rightType from the query). */
export default function DfmeaRoot({ microRoute, basePath }: WorkAreaProps) {
  const query = new URLSearchParams(useSearch());
  if (microRoute === '') return <ProjectList basePath={basePath} />;
  if (microRoute === 'dfmeaProject') {
    const projectId = query.get('projectId');
    const pptSerial = query.get('pptSerial') ?? query.get('serialNum');
    if (!projectId && !pptSerial) {
      return (
        <div className="page">
          <EmptyState title={<Trans>No project chosen</Trans>}>
            <Trans>Open a project from the project list.</Trans>
          </EmptyState>
        </div>
      );
    }
    return (
      <Suspense fallback={<div className="page page-loading" aria-busy="true" />}>
        <ProjectPage key={projectId ?? pptSerial} basePath={basePath} projectId={projectId} pptSerial={pptSerial} rightType={query.get('rightType')} legacyLink={query.get('type') === '1'} />
      </Suspense>
    );
  }
  return (
    <div className="page">
      <EmptyState title={<Trans>Page not found</Trans>} />
    </div>
  );
}
