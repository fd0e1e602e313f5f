import { useLingui } from '@lingui/react/macro';
import { CatalogPage, type AreaPageProps } from '@fmea/sdk';

/** Every page of the knowledge base: the SDK's catalog page, introduced in the area's words. */
export default function KnowledgePage(props: AreaPageProps) {
  const { t } = useLingui();
  return <CatalogPage {...props} intro={t`Released records are offered while FMEA analyses are written; each counts how often it is cited.`} />;
}
