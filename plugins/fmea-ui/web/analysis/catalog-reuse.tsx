import { Trans, useLingui } from '@lingui/react/macro';
import { knowledgeStateOf } from '@fmea/core/domain';
import { api, Button, confirm, notify, notifyError } from '@fmea/sdk';
import type { Analysis } from './model.ts';
import { catalogLabel } from './suggestions.ts';

/** The catalog version an item cites, as the analysis read names it. */
export type CatalogRef = NonNullable<Analysis['functions'][number]['catalog']>;

/**
 * A small mark beside an item taken from the catalog (docs/domain/catalog.md,
 * "Reuse inside the FMEA"): its number and version, "under review" for a
 * pushed item, and "newer version" once a later version is released.
 */
export function CatalogMark({ catalog }: { catalog: CatalogRef | null }) {
  const { t } = useLingui();
  if (!catalog) return null;
  const state = knowledgeStateOf(catalog.status);
  const reviewing = state === 'toBeApproved' || state === 'pendingApproval';
  return (
    <small className="muted" data-testid="catalog-mark" style={{ marginLeft: 6 }}>
      [{catalogLabel(catalog)}
      {reviewing ? <> · <Trans>under review</Trans></> : null}
      {catalog.newerVersion ? (
        <>
          {' · '}
          <strong title={t`A newer version of this catalog record has been released; this item still cites the version it took.`}>
            <Trans>newer version</Trans>
          </strong>
        </>
      ) : null}
      ]
    </small>
  );
}

/**
 * "Push to knowledge" on a hand-written function, failure or control: asks,
 * then proposes it as a new catalog record for review (the caller's own
 * catalog rights decide; a refusal shows the server's message).
 */
export function PushButton({ kind, item, disabled, onDone }: { kind: 'function' | 'failure' | 'control'; item: { id: string; version: number; description: string; catalog: CatalogRef | null }; disabled?: boolean; onDone: () => void }) {
  const { t } = useLingui();
  if (item.catalog) return null;
  const push = async () => {
    const text = item.description;
    if (!(await confirm({ title: t`Push to knowledge`, message: t`Propose "${text}" to the knowledge base? It is applied for review and this item cites it.` }))) return;
    try {
      const { record } = await api.post('/api/fmea/pushToKnowledge', { itemId: item.id, kind, version: item.version });
      const serialNum = record.serialNum;
      notify('success', t`Proposed as ${serialNum}, now under review.`);
    } catch (e) {
      notifyError(e);
    } finally {
      onDone();
    }
  };
  return (
    <Button kind="link" disabled={disabled} onClick={() => void push()}>
      <Trans>Push to knowledge</Trans>
    </Button>
  );
}
