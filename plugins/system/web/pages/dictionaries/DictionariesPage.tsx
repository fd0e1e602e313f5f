import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, confirm, confirmLeave, EmptyState, errorLines, FilePickerButton, localName, notify, notifyError, PageHeader, SPREADSHEET_ACCEPT, useLoad, usePermission } from '@fmea/sdk';
import { loadDictionaries } from '../../common/lookups.ts';
import type { DictItem } from '../../common/types.ts';
import { DictForm, type DictTarget } from './DictForm.tsx';
import { DictTree, findItem } from './DictTree.tsx';
import '../../system.css';

type Selection = { kind: 'edit'; id: string } | { kind: 'new'; parentId: string } | null;

/** Dictionaries (spec 000 §3 "Dictionary item"): a tree of types and items with an editor beside it. */
export default function DictionariesPage() {
  const { t, i18n } = useLingui();
  const allowed = usePermission('system_dictionary');
  const dicts = useLoad(loadDictionaries, []);
  const [selection, setSelection] = useState<Selection>(null);
  const [formKey, setFormKey] = useState(0);
  const [importLines, setImportLines] = useState<string[] | null>(null);
  const items = dicts.data ?? [];
  const selected = selection?.kind === 'edit' ? findItem(items, selection.id) : null;

  async function choose(next: Selection) {
    if (!(await confirmLeave())) return;
    setSelection(next);
    setFormKey((n) => n + 1);
  }

  async function remove(item: DictItem) {
    if (!(await confirm({ title: t`Delete`, message: t`Delete ${item.code} (${localName(i18n.locale, item.name, item.enName)})?`, danger: true }))) return;
    try {
      await api.post('/api/dictionary/deleteDictionary', { id: item.id });
      notify('success', t`${item.code} deleted`);
      setSelection(null);
      dicts.reload();
    } catch (error) {
      notifyError(error);
    }
  }

  async function importFile(file: File, acceptUnmapped = false) {
    setImportLines(null);
    try {
      const { created, updated, unmapped } = await api.upload('/api/dictionary/importDic', { excelFile: file, acceptUnmapped: `${acceptUnmapped}` });
      notify('success', t`Imported: ${created} created, ${updated} updated`);
      if (unmapped.length) setImportLines([t`Left out, as you confirmed:`, ...unmapped.map((u) => u.message)]);
      dicts.reload();
    } catch (error) {
      const lines = errorLines(error);
      // columns with data and no field: listed, then the user decides whether to import without them
      if (error instanceof ApiError && (error.data as { messageKey?: string } | null)?.messageKey === 'import.columns_unmapped') {
        setImportLines(lines);
        if (await confirm({ title: t`Import dictionaries`, message: t`${lines[0] ?? ''} Import without them?` })) await importFile(file, true);
        return;
      }
      setImportLines(error instanceof ApiError && error.issues.length > 0 ? lines.slice(1) : lines);
    }
  }

  let target: DictTarget | null = null;
  if (selection?.kind === 'edit' && selected) target = { kind: 'edit', item: selected };
  if (selection?.kind === 'new') {
    const parent = findItem(items, selection.parentId);
    target = { kind: 'new', parentId: selection.parentId, parentLabel: parent ? `${parent.code} ${localName(i18n.locale, parent.name, parent.enName)}` : null };
  }

  return (
    <div className="page" data-testid="system-dictionaries">
      <PageHeader
        title={<Trans>Dictionaries</Trans>}
        actions={
          <>
            {allowed('add') ? (
              <>
                <Button kind="primary" onClick={() => void choose({ kind: 'new', parentId: '' })}>
                  <Trans>Add type</Trans>
                </Button>
                <Button disabled={!selected} onClick={() => selected && void choose({ kind: 'new', parentId: selected.id })}>
                  <Trans>Add child</Trans>
                </Button>
              </>
            ) : null}
            {allowed('del') ? (
              <Button kind="danger" disabled={!selected} onClick={() => selected && void remove(selected)}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
            {allowed('import') ? (
              <>
                <FilePickerButton accept={SPREADSHEET_ACCEPT} onFile={(f) => void importFile(f)}>
                  <Trans>Import</Trans>
                </FilePickerButton>
                <Button onClick={() => void api.download('/api/fileOperate/downloadImportTemp', 'dictionary-import-template.xlsx', { tempName: 'dictionary' }).catch(notifyError)}>
                  <Trans>Import template</Trans>
                </Button>
              </>
            ) : null}
            {allowed('export') ? (
              <Button onClick={() => void api.download('/api/dictionary/exportDic', 'dictionaries.xlsx').catch(notifyError)}>
                <Trans>Export</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      {importLines ? (
        <div className="alert alert-error" role="alert" data-testid="import-issues">
          <strong>
            <Trans>Nothing was imported. Fix these rows and try again:</Trans>
          </strong>
          <ol className="sys-issues">
            {importLines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
          <Button kind="link" onClick={() => setImportLines(null)}>
            <Trans>Dismiss</Trans>
          </Button>
        </div>
      ) : null}
      <div className="sys-split">
        <div className="sys-split-left sys-tree-box">
          {dicts.error ? (
            <div className="alert alert-error">{dicts.error}</div>
          ) : items.length === 0 ? (
            <EmptyState title={dicts.loading ? t`Loading…` : t`No dictionary types yet`} />
          ) : (
            <DictTree items={items} selectedId={selected?.id ?? null} onSelect={(item) => item.id !== selected?.id && void choose({ kind: 'edit', id: item.id })} />
          )}
        </div>
        <div className="sys-split-right">
          {target ? (
            <DictForm
              // a fresh form once the saved item comes back from the server
              key={`${formKey}:${target.kind === 'edit' ? (target.item.updatetime ?? '') : 'new'}`}
              target={target}
              canSave={target.kind === 'new' ? allowed('add') : allowed('edit')}
              onCancel={() => (target?.kind === 'new' ? setSelection(null) : setFormKey((n) => n + 1))}
              onSaved={(item) => {
                notify('success', t`${item.code} saved`);
                setSelection({ kind: 'edit', id: item.id });
                setFormKey((n) => n + 1);
                dicts.reload();
              }}
            />
          ) : (
            <EmptyState title={<Trans>Nothing chosen</Trans>}>
              <Trans>Choose a type or an item in the tree to edit it, or add a new type.</Trans>
            </EmptyState>
          )}
        </div>
      </div>
    </div>
  );
}
