import { useLingui } from '@lingui/react/macro';
import { CatalogPage, type AreaPageProps } from '@fmea/sdk';

/** The experience library: the SDK's catalog page, introduced in the area's words. */
export default function ExperiencePage(props: AreaPageProps) {
  const { t } = useLingui();
  return <CatalogPage {...props} intro={t`Lessons from design, production and equipment problems: what failed, why, and how to prevent it.`} />;
}
