import { useLingui } from '@lingui/react/macro';
import { CatalogPage, type AreaPageProps } from '@fmea/sdk';

/** Every catalog page of master data: the SDK's catalog page, introduced in the area's words. */
export default function MasterDataPage(props: AreaPageProps) {
  const { t } = useLingui();
  return <CatalogPage {...props} intro={t`The products FMEA projects are built for; a product's number is typed once and never changes.`} />;
}
