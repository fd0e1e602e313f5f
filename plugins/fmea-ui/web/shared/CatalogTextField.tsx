import type { ReactNode } from 'react';
import type { SuggestKind } from '@fmea/core/domain';
import { Autocomplete, Field } from '@fmea/sdk';
import { catalogOfPick, suggestionsFor, type CatalogPick, type CatalogSource } from '../analysis/suggestions.ts';

export interface CatalogTextFieldProps {
  label: ReactNode;
  /** Which catalog and FMEA wording to suggest. */
  kind: SuggestKind;
  value: string;
  error?: string | null;
  onChange: (text: string) => void;
  /** Told on every pick: the catalog record picked with its text, or null for FMEA wording (nothing to cite). */
  onPick: (pick: CatalogPick | null) => void;
  /** Told after onPick when the pick is a catalog record, for what the record brings besides its text (ratings). */
  onCatalogPick?: (catalog: CatalogSource) => void;
}

/**
 * The required description field of the DFMEA editors (function, failure,
 * control): free text up to 200 characters with catalog suggestions first
 * (docs/domain/catalog.md, "Reuse inside the FMEA"); the caller keeps the
 * pick and cites it while the text is still the picked one (pickToSend).
 */
export function CatalogTextField({ label, kind, value, error, onChange, onPick, onCatalogPick }: CatalogTextFieldProps) {
  return (
    <Field label={label} required error={error}>
      {(id) => (
        <Autocomplete
          id={id}
          maxLength={200}
          autoFocus
          value={value}
          onChange={(e) => onChange(e.target.value)}
          fetchSuggestions={suggestionsFor(kind)}
          onPick={(option) => {
            const catalog = catalogOfPick(option);
            onPick(catalog ? { recordId: catalog.recordId, text: option.text } : null);
            if (catalog) onCatalogPick?.(catalog);
          }}
        />
      )}
    </Field>
  );
}
