import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { subtreeIds } from '@fmea/core/domain';
import { api, Button, confirm, EmptyState, notify, notifyError, PageHeader, useLoad, type AreaPageProps } from '@fmea/sdk';
import { BomImportDialog } from './BomImportDialog.tsx';
import { BomMoveDialog, BomPartDialog, type BomPartView } from './BomPartDialog.tsx';
import { BomProductPicker } from './BomProductPicker.tsx';
import './bom.css';

/**
 * The BOM page (spec 001 §2 "product and BOM management", route bom_index):
 * pick a product (every product is searched, those with a BOM marked; a
 * number typed in full opens too), see its parts as a tree, import a sheet (row errors listed,
 * cover or de-duplicate), export it, delete it, and correct it in place:
 * add a part under the product or a part, edit, move or delete one (with
 * its sub-parts). What the buttons offer comes from the server (`can`); the
 * server checks again.
 */
export default function BomPage(_props: AreaPageProps) {
  const { t, i18n } = useLingui();
  const [productKey, setProductKey] = useState('');
  const [importing, setImporting] = useState(false);
  const [reload, setReload] = useState(0);
  /** The part dialog open: adding under `parent` (null: the product), or editing `part`. */
  const [editing, setEditing] = useState<{ parent: BomPartView | null; part: BomPartView | null } | null>(null);
  const [moving, setMoving] = useState<BomPartView | null>(null);
  const tree = useLoad(async () => (productKey ? api.get('/api/mainData/bom/tree', { productId: productKey }) : null), [productKey, reload]);
  const view = tree.data ?? null;
  const name = (p: { productName: string; enProductName: string | null }) => (i18n.locale === 'en-US' ? (p.enProductName ?? p.productName) : p.productName);

  const exportSheet = async () => {
    if (!view?.bom) return;
    try {
      await api.download('/api/mainData/bom/exportData', `${view.bom.bomNum}-${view.product.productNum}.xlsx`, { productId: view.product.productId });
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async () => {
    if (!view?.bom) return;
    const bomNum = view.bom.bomNum;
    if (!(await confirm({ title: t`Delete BOM`, message: t`Delete BOM ${bomNum} with all its parts?`, danger: true }))) return;
    try {
      await api.post('/api/mainData/bom/delete', { productId: view.product.productId, version: view.bom.version });
      notify('success', t`BOM deleted`);
      setReload((n) => n + 1);
    } catch (error) {
      notifyError(error);
    }
  };

  const removePart = async (part: BomPartView) => {
    if (!view) return;
    const below = subtreeIds(view.parts, part.id).length - 1;
    const partNum = part.partNum;
    const total = below + 1;
    const message =
      below === 0
        ? t`Delete part ${partNum}?`
        : plural(below, { one: `Delete part ${partNum} with its # sub-part? 2 parts go.`, other: `Delete part ${partNum} with its # sub-parts? ${total} parts go.` });
    if (!(await confirm({ title: t`Delete part`, message, danger: true }))) return;
    try {
      const { removed } = await api.post('/api/mainData/bom/deletePart', { id: part.id, version: part.version });
      notify('success', plural(removed, { one: '# part deleted', other: '# parts deleted' }));
      setReload((n) => n + 1);
    } catch (error) {
      notifyError(error);
    }
  };

  const saved = () => {
    setEditing(null);
    setMoving(null);
    setReload((n) => n + 1);
  };

  return (
    <section className="bom-page" data-testid="bom-page">
      <PageHeader
        title={<Trans>Bill of materials</Trans>}
        actions={
          view ? (
            <>
              <Button kind="primary" data-testid="bom-import" disabled={!view.can.import} onClick={() => setImporting(true)}>
                <Trans>Import</Trans>
              </Button>
              <Button data-testid="bom-add" disabled={!view.can.add} onClick={() => setEditing({ parent: null, part: null })}>
                <Trans>Add part</Trans>
              </Button>
              <Button data-testid="bom-export" disabled={!view.can.export} onClick={() => void exportSheet()}>
                <Trans>Export</Trans>
              </Button>
              <Button kind="danger" data-testid="bom-delete" disabled={!view.can.del} onClick={() => void remove()}>
                <Trans>Delete</Trans>
              </Button>
            </>
          ) : null
        }
      />
      <BomProductPicker current={view?.product ?? null} onOpen={setProductKey} />
      {tree.error ? (
        <div role="alert" className="form-error">
          {tree.error}
        </div>
      ) : null}
      {!productKey ? <EmptyState title={<Trans>Choose a product to see its BOM</Trans>} /> : null}
      {view && !view.bom ? (
        <EmptyState title={<Trans>This product has no BOM yet</Trans>}>
          <Trans>Import a sheet with the columns level (or parent part number), part number, part name, English name, quantity and unit, or add its parts one by one.</Trans>
        </EmptyState>
      ) : null}
      {view?.bom ? (
        <>
          <BomHeading bomNum={view.bom.bomNum} productNum={view.product.productNum} productName={name(view.product)} count={view.parts.length} />
          <table className="bom-tree" role="treegrid" aria-label={t`Parts`} data-testid="bom-tree">
            <thead>
              <tr>
                <th>{t`Part number`}</th>
                <th>{t`Part name`}</th>
                <th>{t`English name`}</th>
                <th>{t`Quantity`}</th>
                <th>{t`Unit`}</th>
                <th>{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {view.parts.map((p) => (
                <tr key={p.id} aria-level={p.level}>
                  <td style={{ paddingInlineStart: `${(p.level - 1) * 1.25 + 0.5}rem` }} data-user-content>
                    {p.partNum}
                  </td>
                  <td data-user-content>{p.partName}</td>
                  <td data-user-content>{p.enPartName ?? ''}</td>
                  <td>{p.quantity}</td>
                  <td data-user-content>{p.unit ?? ''}</td>
                  <td className="bom-actions">
                    <Button kind="link" data-testid="bom-part-add" disabled={!view.can.add} onClick={() => setEditing({ parent: p, part: null })}>
                      <Trans>Add sub-part</Trans>
                    </Button>
                    <Button kind="link" data-testid="bom-part-edit" disabled={!view.can.edit} onClick={() => setEditing({ parent: null, part: p })}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button kind="link" data-testid="bom-part-move" disabled={!view.can.edit} onClick={() => setMoving(p)}>
                      <Trans>Move</Trans>
                    </Button>
                    <Button kind="link" data-testid="bom-part-delete" disabled={!view.can.del} onClick={() => void removePart(p)}>
                      <Trans>Delete</Trans>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {editing && view ? <BomPartDialog productId={view.product.productId} parent={editing.parent} part={editing.part} onClose={() => setEditing(null)} onSaved={saved} /> : null}
      {moving && view ? <BomMoveDialog part={moving} parts={view.parts} onClose={() => setMoving(null)} onSaved={saved} /> : null}
      {importing && view ? (
        <BomImportDialog
          productId={view.product.productId}
          hasBom={view.bom !== null}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            setReload((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}

function BomHeading({ bomNum, productNum, productName, count }: { bomNum: string; productNum: string; productName: string; count: number }) {
  return (
    <p className="bom-header" data-testid="bom-header">
      <Trans>
        BOM {bomNum} of {productNum} {productName}: {count} parts
      </Trans>
    </p>
  );
}
