import { useLingui } from '@lingui/react/macro';
import { CatalogPage, type AreaPageProps } from '@fmea/sdk';

/** Every page of the standards area: the SDK's catalog page, introduced in the area's words. */
export default function StandardsPage(props: AreaPageProps) {
  const { t } = useLingui();
  return <CatalogPage {...props} intro={t`Each standard is kept once under its code; a standard in review cannot be added again.`} />;
}
