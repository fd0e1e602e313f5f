/** How sites look on the command line. */
import type { Site } from '@fmea/core/services';
import type { Translate } from '../../i18n/index.ts';
import type { Column } from '../../ui/index.ts';

export interface SiteWithUse extends Site {
  readonly userCount: number;
}

export const siteRecord = (site: SiteWithUse) => ({
  id: site.id,
  name: site.name,
  nameEn: site.nameEn,
  licenceCount: site.licenceCount,
  userCount: site.userCount,
});

export const siteLabels = (t: Translate): Record<string, string> => ({
  id: t('cli.field.id'),
  name: t('cli.field.name'),
  nameEn: t('cli.field.name_en'),
  licenceCount: t('cli.site.field.licences'),
  userCount: t('cli.field.user_count'),
});

export const siteColumns = (t: Translate): Column<SiteWithUse>[] => [
  { header: t('cli.field.name'), value: 'name' },
  { header: t('cli.field.name_en'), value: 'nameEn' },
  { header: t('cli.site.field.licences'), value: 'licenceCount', align: 'right' },
  { header: t('cli.field.user_count'), value: 'userCount', align: 'right' },
];
