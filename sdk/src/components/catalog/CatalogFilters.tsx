import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '../../i18n/index.ts';
import { Select } from '../form.tsx';
import { CATALOG_STATUSES, useCatalogWords } from './labels.ts';
import type { DictionaryItem } from './use-dictionaries.ts';

export const CREATOR_TABS = ['all', 'mine', 'others'] as const;
export type CreatorTab = (typeof CREATOR_TABS)[number];

/** The list's filters beside the search; blank means any. */
export interface CatalogFilterValues {
  status: string;
  productType: string;
  creator: CreatorTab;
  /** Also the releases a later release replaced. */
  allVersions: boolean;
}

export const NO_FILTERS: CatalogFilterValues = { status: '', productType: '', creator: 'all', allVersions: false };

/** Whose records: all, mine (mycompiled) or others' (myreadable). */
export function CreatorTabs({ value, onChange }: { value: CreatorTab; onChange: (value: CreatorTab) => void }) {
  const { t } = useLingui();
  const labels: Record<CreatorTab, string> = { all: t`All`, mine: t`Created by me`, others: t`Created by others` };
  return (
    <div role="tablist" aria-label={t`Whose records`} className="catalog-tabs">
      {CREATOR_TABS.map((tab) => (
        <button key={tab} type="button" role="tab" data-testid={`catalog-tab-${tab}`} aria-selected={value === tab} className={value === tab ? 'active' : ''} onClick={() => onChange(tab)}>
          {labels[tab]}
        </button>
      ))}
    </div>
  );
}

/** Status, product type (for types classified by one) and whether to list replaced releases too. */
export function CatalogFilters({ value, onChange, productTypes, hasProductType }: { value: CatalogFilterValues; onChange: (value: CatalogFilterValues) => void; productTypes: readonly DictionaryItem[]; hasProductType: boolean }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const words = useCatalogWords();
  const set = (patch: Partial<CatalogFilterValues>) => onChange({ ...value, ...patch });
  return (
    <div className="catalog-filters" role="group" aria-label={t`Filters`}>
      <Select aria-label={t`Status`} data-testid="catalog-filter-status" value={value.status} onChange={(e) => set({ status: e.target.value })} options={[{ value: '', label: t`Any status` }, ...CATALOG_STATUSES.map((s) => ({ value: s, label: words.status(s) }))]} />
      {hasProductType ? (
        <Select
          aria-label={t`Product type`}
          data-testid="catalog-filter-product-type"
          value={value.productType}
          onChange={(e) => set({ productType: e.target.value })}
          options={[{ value: '', label: t`Any product type` }, ...productTypes.map((i) => ({ value: i.code, label: locale === 'en-US' && i.enName ? i.enName : i.name }))]}
        />
      ) : null}
      <label className="check">
        <input type="checkbox" data-testid="catalog-filter-all-versions" checked={value.allVersions} onChange={(e) => set({ allVersions: e.target.checked })} />
        <span>
          <Trans>All versions</Trans>
        </span>
      </label>
    </div>
  );
}
