import { CatalogMark, type CatalogRef } from '../analysis/catalog-reuse.tsx';
import { catalogLabel } from '../analysis/suggestions.ts';

/**
 * A risk-grid cell of an item that may cite the catalog (function, effect,
 * mode, cause): its text, then the mark the analysis step shows ("Catalog
 * FA… v1", under review, newer version). The title repeats both, since a
 * narrow cell cuts the mark off.
 */
export function CatalogCell({ text, catalog }: { text: string; catalog: CatalogRef | null | undefined }) {
  if (!catalog) return text;
  return (
    <span title={`${text} · ${catalogLabel(catalog)}`} data-testid="grid-catalog-cell">
      {text}
      <CatalogMark catalog={catalog} />
    </span>
  );
}

/** The catalog marks of a cell's controls, in their order: one per control that cites a record. */
export function ControlCatalogMarks({ controls }: { controls: readonly { id: string; catalog?: CatalogRef | null }[] }) {
  return (
    <>
      {controls.map((c) => (c.catalog ? <CatalogMark key={c.id} catalog={c.catalog} /> : null))}
    </>
  );
}
