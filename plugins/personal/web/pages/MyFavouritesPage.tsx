import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState, PageHeader } from '@fmea/workbench/sdk';

/** My favourites: projects and knowledge entries the user starred. */
export default function MyFavouritesPage() {
  const { t } = useLingui();
  return (
    <div className="page" data-testid="my-favourites-page">
      <PageHeader title={t`My favourites`} />
      <EmptyState title={t`No favourites yet`}>
        <Trans>Projects and knowledge entries you mark with a star appear here once the FMEA work areas and the knowledge base are installed.</Trans>
      </EmptyState>
    </div>
  );
}
