import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, FormDialog, notify, Select, TextInput, useForm, useLoad } from '@fmea/sdk';
import { kindOf } from '@fmea/core/domain';
import { useFmeaKind } from '../kind.tsx';
import { treeOf, type TreeNode } from '../types.ts';
import { useTemplateKindLabel } from './TemplatesPage.tsx';

const FUNCTION_NODE = 2;

/** A tree's structure nodes in pre-order with their depth (functions drawn as nodes left out). */
function flatten(node: TreeNode | null, depth = 0): { node: TreeNode; depth: number }[] {
  if (!node) return [];
  return [{ node, depth }, ...node.children.filter((c) => c.nodeType !== FUNCTION_NODE).flatMap((c) => flatten(c, depth + 1))];
}

type Open = 'save' | 'insert' | 'borrow' | null;

/**
 * The structure editor's reuse actions (docs/domain/fmea-reuse.md): save the
 * selected node with its subnodes as a template, insert a template under it,
 * borrow a subtree (or a whole project) from another project the user can
 * read. The server decides what is allowed; its refusals are shown as said.
 */
export function ReuseActions({ projectId, node, hasChildren, onDone }: { projectId: string; node: TreeNode | null; hasChildren: boolean; onDone: (selectId?: string) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button data-testid="reuse-save-template" disabled={!node || !hasChildren} title={node && !hasChildren ? t`A node without subnodes cannot be saved as a template` : undefined} onClick={() => setOpen('save')}>
        <Trans>Save as template</Trans>
      </Button>
      <Button data-testid="reuse-insert-template" disabled={!node} onClick={() => setOpen('insert')}>
        <Trans>Insert template</Trans>
      </Button>
      <Button data-testid="reuse-borrow" disabled={!node} onClick={() => setOpen('borrow')}>
        <Trans>Borrow from a project</Trans>
      </Button>
      {open === 'save' && node ? (
        <SaveTemplateDialog
          node={node}
          onClose={close}
          onSaved={(serialNum) => {
            close();
            notify('success', t`Saved as template ${serialNum}`);
          }}
        />
      ) : null}
      {open === 'insert' && node ? (
        <InsertTemplateDialog
          node={node}
          onClose={close}
          onSaved={() => {
            close();
            notify('success', t`Template inserted`);
            onDone();
          }}
        />
      ) : null}
      {open === 'borrow' && node ? (
        <BorrowDialog
          projectId={projectId}
          node={node}
          onClose={close}
          onSaved={(id) => {
            close();
            notify('success', t`Borrowed`);
            onDone(id);
          }}
        />
      ) : null}
    </>
  );
}

function SaveTemplateDialog({ node, onClose, onSaved }: { node: TreeNode; onClose: () => void; onSaved: (serialNum: string) => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { name: node.name },
    save: ({ name }) => api.post('/api/fmeaTemplate/save', { nodeId: node.id, name: name.trim() }),
    onSaved: (template) => onSaved(template.serialNum),
  });
  const nodeName = node.name;
  return (
    <FormDialog form={form} title={t`Save ${nodeName} as template`} saveTestId="reuse-template-save" submitDisabled={!form.draft.name.trim()} onClose={onClose}>
      <p className="muted">
        <Trans>The node is saved with its subnodes, functions, failures, ratings and controls. The product node saves a basic FMEA.</Trans>
      </p>
      <Field label={t`Template name`} required error={form.error('name')}>
        {(id) => <TextInput id={id} data-testid="reuse-template-name" autoFocus value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}

function InsertTemplateDialog({ node, onClose, onSaved }: { node: TreeNode; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const kind = useFmeaKind();
  const kindLabel = useTemplateKindLabel();
  const templates = useLoad(() => api.get('/api/fmeaTemplate/list', { side: kindOf(kind.projectType).side }), [kind.projectType]);
  const form = useForm({
    initial: { template: '' },
    validate: ({ template }) => ({ fields: { template: template ? undefined : t`Choose a template.` } }),
    save: ({ template }) => api.post('/api/fmeaTemplate/apply', { template, targetNodeId: node.id }),
    onSaved,
  });
  const nodeName = node.name;
  const options = (templates.data ?? []).map((x) => ({ value: x.id, label: `${x.serialNum} ${x.name} (${kindLabel(x.kind)})` }));
  return (
    <FormDialog form={form} title={t`Insert a template under ${nodeName}`} saveTestId="reuse-insert-save" onClose={onClose}>
      <p className="muted">
        <Trans>A basic FMEA goes only on a product node; a process template only under the process item.</Trans>
      </p>
      <Field label={t`Template`} required error={form.error('template')}>
        {(id) => <Select id={id} data-testid="reuse-insert-template-select" value={form.draft.template} onChange={(e) => form.set('template', e.target.value)} options={[{ value: '', label: '—' }, ...options]} />}
      </Field>
    </FormDialog>
  );
}

function BorrowDialog({ projectId, node, onClose, onSaved }: { projectId: string; node: TreeNode; onClose: () => void; onSaved: (id: string) => void }) {
  const { t } = useLingui();
  const kind = useFmeaKind();
  const projects = useLoad(() => api.post('/api/project/list', { tab: 'all', page: 1, limit: 100, projectType: kind.projectType }), [kind.projectType]);
  const form = useForm({
    initial: { source: '', sourceNode: '' },
    validate: ({ sourceNode }) => ({ fields: { sourceNode: sourceNode ? undefined : t`Choose what to borrow.` } }),
    save: ({ sourceNode }) => api.post('/api/fmea/borrowNode', { id: sourceNode, targetParentId: node.id }),
    onSaved: (row) => onSaved(row.id),
  });
  const source = form.draft.source;
  const tree = useLoad(() => (source ? api.get('/api/fmea/structureTree', { projectId: source }).then(treeOf) : Promise.resolve(null)), [source]);
  const nodes = useMemo(() => flatten(tree.data ?? null), [tree.data]);
  const nodeName = node.name;
  const projectOptions = (projects.data?.items ?? []).filter((p) => p.id !== projectId).map((p) => ({ value: p.id, label: `${p.serialNum} ${p.name}` }));
  return (
    <FormDialog form={form} title={t`Borrow under ${nodeName}`} saveTestId="reuse-borrow-save" onClose={onClose}>
      <p className="muted">
        <Trans>The borrowed items remember where they came from: deleting the original then asks first. Borrowing a whole project (its product node) is for the project’s owner.</Trans>
      </p>
      <Field label={t`From project`} required>
        {(id) => <Select id={id} data-testid="reuse-borrow-project" value={source} onChange={(e) => form.change({ source: e.target.value, sourceNode: '' })} options={[{ value: '', label: '—' }, ...projectOptions]} />}
      </Field>
      <Field label={t`Node to borrow`} required error={form.error('sourceNode')}>
        {(id) => (
          <Select
            id={id}
            data-testid="reuse-borrow-node"
            value={form.draft.sourceNode}
            disabled={!source}
            onChange={(e) => form.set('sourceNode', e.target.value)}
            options={[{ value: '', label: '—' }, ...nodes.map(({ node: n, depth }) => ({ value: n.id, label: `${'\u00a0\u00a0'.repeat(depth)}${n.name}${depth === 0 ? ` (${t`whole project`})` : ''}` }))]}
          />
        )}
      </Field>
    </FormDialog>
  );
}
