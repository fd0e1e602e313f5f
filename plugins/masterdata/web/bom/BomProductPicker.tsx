import { useEffect, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Autocomplete, Button, Field, localName, type FetchSuggestions, type SuggestionOption } from '@fmea/sdk';

/** The product the page shows, as the tree names it. */
export interface OpenProduct {
  productNum: string;
  productName: string;
  enProductName: string | null;
}

/** How many products one search suggests (the Autocomplete shows at most ten). */
const SUGGESTED = 10;

/**
 * Picks the product whose BOM the page shows. Typing searches every product
 * (the product catalog's list, by number or name in either language), and
 * each suggestion says whether the product has a BOM: its number and part
 * count, or "no BOM yet". A pick opens the product; a number typed in full
 * opens with Enter or Open. Once a product is open, the field shows it.
 * Without the product catalog's route only products with a BOM are found
 * (the BOM route's own list).
 */
export function BomProductPicker({ current, onOpen }: { current: OpenProduct | null; onOpen: (key: string) => void }) {
  const { t, i18n } = useLingui();
  const label = (p: OpenProduct) => `${p.productNum} ${localName(i18n.locale, p.productName, p.enProductName)}`;
  const [text, setText] = useState('');
  const shown = current ? label(current) : '';
  // the product opened (picked, typed or reloaded) is what the field shows; a number that opened nothing stays typed
  useEffect(() => {
    if (shown) setText(shown);
  }, [shown]);

  const find: FetchSuggestions = async (q) => {
    const search = q.trim() || undefined;
    const [all, withBom] = await Promise.all([
      api.post('/api/mainData/{entity}/list', { params: { entity: 'product' }, json: { search, page: 1, limit: SUGGESTED } }).catch(() => null),
      api.get('/api/mainData/bom/products', { search, limit: 100 }),
    ]);
    const boms = new Map(withBom.map((b) => [b.productId, b]));
    const products = all
      ? all.items.map((r) => ({ productId: r.rootId, productNum: r.serialNum, productName: String(r.values.productName ?? ''), enProductName: (r.values.enProductName as string | null) ?? null }))
      : withBom;
    const seen = new Set<string>();
    return products
      .filter((p) => !seen.has(p.productId) && seen.add(p.productId))
      .map((p): SuggestionOption => {
        const bom = boms.get(p.productId);
        const bomNum = bom?.bomNum;
        const note = bom ? plural(bom.partCount, { one: `BOM ${bomNum}, # part`, other: `BOM ${bomNum}, # parts` }) : t`no BOM yet`;
        return { text: label(p), note, key: p.productId };
      });
  };

  const typed = text.trim();
  const open = () => {
    if (typed && typed !== shown) onOpen(typed);
  };

  // the button sits in the field's row, beside the input (not below the label, nor level with the hint)
  return (
    <div className="bom-pick">
      <Field label={t`Product`} hint={t`Type a product's number or name to search all products; those with a BOM show its number.`}>
        {(id) => (
          <div className="bom-pick-row">
            <Autocomplete
              id={id}
              data-testid="bom-product"
              value={text}
              maxLength={200}
              placeholder={t`Choose a product`}
              onChange={(e) => setText(e.target.value)}
              fetchSuggestions={find}
              onPick={(option) => option.key && onOpen(option.key)}
              onKeyDown={(e) => {
                // Enter on a highlighted suggestion picks it (the Autocomplete's); otherwise it opens the number typed,
                // and leaving the field drops the suggestions still on their way
                if (e.key !== 'Enter' || e.currentTarget.getAttribute('aria-activedescendant') || !typed || typed === shown) return;
                e.currentTarget.blur();
                open();
              }}
            />
            <Button data-testid="bom-open" disabled={!typed || typed === shown} onClick={open}>
              <Trans>Open</Trans>
            </Button>
          </div>
        )}
      </Field>
    </div>
  );
}
