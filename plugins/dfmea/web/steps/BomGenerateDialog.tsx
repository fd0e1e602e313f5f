import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Dialog, errorLines, Field, notify, Select, TextInput, useLoad, type ApiData } from '@fmea/workbench/sdk';

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
  const label = (p: BomProduct) => `${p.productNum} ${i18n.locale === 'en-US' ? (p.enProductName ?? p.productName) : p.productName} (${p.bomNum}, ${p.partCount})`;

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
        {(id) => (
          <Select
            id={id}
            data-testid="bom-generate-product"
            value={chosen?.productId ?? ''}
            onChange={(e) => setPicked(e.target.value)}
            options={[{ value: '', label: list.length ? t`Choose a product` : t`No product with a BOM found` }, ...list.map((p) => ({ value: p.productId, label: label(p) }))]}
          />
        )}
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
