import { AREAS, CATALOG_TYPES, CATALOG_TYPE_IDS, pagePath } from '@fmea/core/domain';
import { useLingui } from '@lingui/react/macro';
import { Button, Select, useGuardedNavigate, type ApiData } from '@fmea/sdk';

/**
 * What My applications and My approvals share: the row they list (one shape
 * for both, GET /api/message/myApplicationList and myApprovalList), the type
 * filter and the link to the record's catalog page. The status tag is the
 * catalog page's (the SDK's CatalogStatusTag), so a status reads the same on both.
 */
export type ReviewRow = ApiData<'/api/message/myApprovalList'>['items'][number];

/** The catalog page listing a type's records (core/src/domain/areas/catalogs.ts), or null when no area shows the type. */
export function catalogPageOf(typeId: string): string | null {
  for (const area of AREAS) {
    const page = area.pages.find((p) => 'catalogType' in p && p.catalogType === typeId);
    if (page) return pagePath(area, page);
  }
  return null;
}

/** The description in the reader's language (the Chinese one when there is no English). */
export const describe = (row: ReviewRow, locale: string) => (locale === 'en-US' && row.enDescription ? row.enDescription : row.description);

/** The record's number, opening its type's catalog page (searched for the number). */
export function RecordLink({ row }: { row: ReviewRow }) {
  const navigate = useGuardedNavigate();
  const page = catalogPageOf(row.type);
  if (!page || row.deleted) return <>{row.serialNum}</>;
  return (
    <Button kind="link" data-testid="review-open" onClick={() => void navigate(`${page}?search=${encodeURIComponent(row.serialNum)}`)}>
      {row.serialNum}
    </Button>
  );
}

/** Every catalog type, or one. */
export function TypeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'en-US' ? 'en-US' : 'zh-CN';
  const options = [{ value: '', label: t`All types` }, ...CATALOG_TYPE_IDS.map((id) => ({ value: id, label: CATALOG_TYPES[id].title[locale] }))];
  return <Select aria-label={t`Record type`} data-testid="review-type" value={value} onChange={(e) => onChange(e.target.value)} options={options} className="input review-type" />;
}
