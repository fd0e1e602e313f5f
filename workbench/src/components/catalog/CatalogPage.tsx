import type { ReactNode } from 'react';
import { CATALOG_TYPES, isCatalogTypeId } from '@fmea/core/domain';
import type { AreaPageProps } from '../../plugins/contract.ts';
import { currentLocale } from '../../i18n/index.ts';
import { localName } from '../../i18n/format.ts';
import { PageHeader } from '../form.tsx';

export interface CatalogPageProps extends AreaPageProps {
  /** A line under the title, in the plugin's words. */
  readonly intro?: ReactNode;
}

/** The one catalog page: the list of the catalog type named by the page's `catalogType`. */
export function CatalogPage({ area, microRoute, intro }: CatalogPageProps) {
  const typeId = area.pages.find((p) => p.microRoute === microRoute)?.catalogType;
  const type = isCatalogTypeId(typeId) ? CATALOG_TYPES[typeId] : undefined;
  if (!type) return null;
  return (
    <div className="catalog-page" data-testid={`catalog-${type.id}`}>
      <PageHeader title={localName(currentLocale(), type.title['zh-CN'], type.title['en-US'])} />
      {intro ? <p className="catalog-intro">{intro}</p> : null}
    </div>
  );
}
