import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Dialog, errorLines, Field, localName, notify, TextInput, useLoad, type ApiData } from '@fmea/sdk';
import type { StructureActionProps } from '@fmea/fmea-ui';

type BomProduct = ApiData<'/api/mainData/bom/products'>[number];

/**
 * "Generate from BOM" (spec 001 §1, §5): pick one product that has a BOM
 * (only one BOM per generation) and add its parts to the structure tree, each
 * under its parent part's node. The server decides who may (editing members;
 * with bomImportHeadOnly, the head) and says "original BOM deleted" when the
 * BOM picked went away meanwhile.
 */
export function BomGenerateDialog({ projectId, onClose, onDone }: { projectId: string; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string>('');
  const [problem, setProblem] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const products = useLoad(() => api.get('/api/mainData/bom/products', { search: search.trim() || undefined }), [search]);
  const list = products.data ?? [];
  const chosen: BomProduct | undefined = list.find((p) => p.productId === picked) ?? (list.length === 1 ? list[0] : undefined);

  const generate = async () => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await api.post('/api/project/generateFromBom', { projectId, productId: chosen.productId, bomId: chosen.bomId });
      const { created, reused } = result;
      notify('success', t`${created} structure nodes added from the BOM, ${reused} already there`);
      onDone();
    } catch (error) {
      setProblem(errorLines(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      width={640}
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Generate from BOM</Trans>}
      actions={
        <>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button kind="primary" data-testid="bom-generate-confirm" disabled={!chosen || busy} onClick={() => void generate()}>
            <Trans>Generate</Trans>
          </Button>
        </>
      }
    >
      <Field label={t`Search products`}>
        {(id) => <TextInput id={id} data-testid="bom-generate-search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />}
      </Field>
      <Field label={t`Product and its BOM`} hint={t`One BOM per generation. Parts become structure nodes under their parent part; nodes already in the tree are kept.`}>
        {(id) =>
          list.length ? (
            // a radio list, not a select: a long product name wraps and the BOM's number and part count stay in view
            <div id={id} role="radiogroup" aria-label={t`Product and its BOM`} className="bom-generate-products" data-testid="bom-generate-product">
              {list.map((p) => {
                const bomNum = p.bomNum;
                return (
                  <label key={p.productId} className="bom-generate-product">
                    <input type="radio" name="bom-generate-product" value={p.productId} checked={chosen?.productId === p.productId} onChange={() => setPicked(p.productId)} />
                    <span data-user-content>
                      {p.productNum} {localName(i18n.locale, p.productName, p.enProductName)}
                    </span>
                    <span className="muted">{plural(p.partCount, { one: `${bomNum}, # part`, other: `${bomNum}, # parts` })}</span>
                  </label>
                );
              })}
            </div>
          ) : (
            <p id={id} className="muted" data-testid="bom-generate-none">
              {products.loading ? <Trans>Searching…</Trans> : <Trans>No product with a BOM found</Trans>}
            </p>
          )
        }
      </Field>
      {problem ? (
        <div role="alert" className="form-error">
          {problem.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </div>
      ) : null}
    </Dialog>
  );
}

/** The DFMEA structure's toolbar action (a product structure; a process tree is not generated from a BOM): the button and its dialog. */
export function GenerateFromBomAction({ projectId, onDone }: StructureActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button data-testid="dfmea-generate-from-bom" onClick={() => setOpen(true)}>
        <Trans>Generate from BOM</Trans>
      </Button>
      {open ? (
        <BomGenerateDialog
          projectId={projectId}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onDone();
          }}
        />
      ) : null}
    </>
  );
}
