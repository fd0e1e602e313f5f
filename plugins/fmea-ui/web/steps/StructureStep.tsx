import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, confirm, EmptyState, Field, FormDialog, notify, notifyError, TextInput, useForm } from '@fmea/sdk';
import { RowMarker } from '@fmea/sdk';
import { treeOf, type StepProps, type TreeNode } from '../types.ts';
import { ReuseActions } from '../reuse/ReuseActions.tsx';
import { useFmeaKind, type NodeLabel } from '../kind.tsx';
import { NodeTaskBadges, NodeTaskPanel, useNodeTasks, type NodeProgress } from './node-tasks.tsx';

/** Zoom steps of the mind map (spec 001 §9). */
export const ZOOM_STEPS = [10, 20, 30, 50, 80, 100, 120, 150, 200] as const;
/** Narrowest a panel may get (spec 001 §9). */
export const MIN_PANEL_WIDTH = 250;
const FUNCTION_NODE = 2;

/** The structure part of a tree: functions (type-2 nodes) are left out. */
function structureOnly(node: TreeNode): TreeNode {
  return { ...node, children: (node.children ?? []).filter((c) => c.nodeType !== FUNCTION_NODE).map(structureOnly) };
}

function find(node: TreeNode | null, id: string | null): TreeNode | null {
  if (!node || !id) return null;
  if (node.id === id) return node;
  for (const child of node.children) {
    const hit = find(child, id);
    if (hit) return hit;
  }
  return null;
}

/** How deep a node sits (the root is 0), or -1 when it is not in the tree. */
function depthOf(node: TreeNode | null, id: string | null, depth = 0): number {
  if (!node || !id) return -1;
  if (node.id === id) return depth;
  for (const child of node.children) {
    const found = depthOf(child, id, depth + 1);
    if (found >= 0) return found;
  }
  return -1;
}

function contains(node: TreeNode, id: string): boolean {
  return node.id === id || node.children.some((c) => contains(c, id));
}

function countOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as { count?: number; params?: { count?: number } } | null;
  return data?.count ?? data?.params?.count ?? 0;
}

type Clip = { mode: 'cut' | 'copy'; node: TreeNode } | null;
type Editing = { mode: 'add' | 'rename'; node: TreeNode } | null;

/** Names a new child of a node, or renames the node. */
function NodeNameDialog({ editing, onClose, onSaved }: { editing: NonNullable<Editing>; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const { mode, node } = editing;
  const form = useForm({
    initial: { name: mode === 'rename' ? node.name : '' },
    save: ({ name }) =>
      mode === 'add' ? api.post('/api/fmea/addNode', { parentId: node.id, name: name.trim() }) : api.post('/api/fmea/renameNode', { id: node.id, version: node.version, name: name.trim() }),
    onSaved,
  });
  return (
    <FormDialog form={form} title={mode === 'add' ? t`Add structure element` : t`Rename node`} saveTestId="dfmea-node-save" submitDisabled={!form.draft.name.trim()} onClose={onClose}>
      <Field label={t`Name`} required error={form.error('name')}>
        {(id) => <TextInput id={id} data-testid="dfmea-node-name" autoFocus value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}

/** What a node dialog of another kind receives: the node added under or edited, and its depth (the root is 0). */
export interface NodeDialogProps {
  readonly node: TreeNode;
  readonly depth: number;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

/** What a kind's toolbar action receives: the project, the selected node and its depth (the root is 0; none: null and -1), and what to call after it wrote. */
export interface StructureActionProps {
  readonly projectId: string;
  readonly node: TreeNode | null;
  readonly depth: number;
  /** Reads the tree again; with an id, selects that node (what the action added). */
  readonly onDone: (selectId?: string) => void;
}

/** How a kind's structure differs (the PFMEA's process tree); absent: named nodes at any depth. */
export interface StructureOptions {
  /** Adds a child under a node; absent: a name. */
  readonly AddDialog?: ComponentType<NodeDialogProps>;
  /** Edits a node; absent: renames it. */
  readonly EditDialog?: ComponentType<NodeDialogProps>;
  /** Whether a node at this depth takes children; absent: any. */
  readonly canAddUnder?: (depth: number) => boolean;
  /** The kind's own toolbar actions for editors, after the shared ones (the DFMEA's generation from a BOM, the PFMEA's step from the process library); absent: none. */
  readonly Actions?: ComponentType<StructureActionProps>;
}

/** Step 2: the structure tree (add, rename, cut/paste, copy/paste, delete) and a mind map of it. */
export default function StructureStep({ projectId, readOnly, remoteRevision, focusNodeId, AddDialog, EditDialog, canAddUnder = () => true, Actions }: StepProps & StructureOptions) {
  const { t } = useLingui();
  const { nodeLabel } = useFmeaKind();
  const [tree, setTree] = useState<TreeNode | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [selected, setSelected] = useState<string | null>(focusNodeId ?? null);
  const [clip, setClip] = useState<Clip>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [zoom, setZoom] = useState<number>(100);
  const [panelWidth, setPanelWidth] = useState(320);
  // tasks pointing at nodes: shown on the mind map, live (task progress events)
  const nodeTasks = useNodeTasks(projectId, remoteRevision);

  const load = useCallback(async () => {
    try {
      const root = treeOf(await api.get('/api/fmea/structureTree', { projectId }));
      const clean = root ? structureOnly(root) : null;
      setTree(clean);
      setSelected((s) => (find(clean, s) ? s : (clean?.id ?? null)));
    } catch (error) {
      notifyError(error);
    } finally {
      setLoaded(true);
    }
  }, [projectId]);

  useEffect(() => {
    void load();
  }, [load, remoteRevision]);

  const node = find(tree, selected);
  const isRoot = node !== null && node.id === tree?.id;
  const depth = depthOf(tree, selected);

  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) notify('success', done);
    } catch (error) {
      notifyError(error);
    }
    await load();
  };

  /** Sends; on 409 with a count asks "current FMEA used by N nodes" and sends again with confirm. */
  const withCount = async (send: (confirm?: true) => Promise<unknown>) => {
    try {
      await send();
    } catch (error) {
      const count = countOf(error);
      if (count === null) throw error;
      if (!(await confirm({ title: t`Confirm`, message: t`The current FMEA is used by ${count} nodes. Continue?`, danger: true }))) return;
      await send(true);
    }
  };

  const remove = async () => {
    if (!node || isRoot) return;
    const label = node.name;
    if (!(await confirm({ title: t`Delete node`, message: t`Delete ${label} with everything under it?`, danger: true }))) return;
    await run(() => withCount((confirmed) => api.post('/api/fmea/deleteNode', { id: node.id, version: node.version, confirm: confirmed })), t`Node deleted`);
  };

  const paste = async () => {
    if (!node || !clip) return;
    const source = clip;
    if (source.mode === 'cut') {
      if (contains(source.node, node.id)) {
        notify('warning', t`A node cannot be moved under itself.`);
        return;
      }
      setClip(null);
      await run(() => withCount((confirmed) => api.post('/api/fmea/moveNode', { id: source.node.id, version: source.node.version, parentId: node.id, confirm: confirmed })));
    } else {
      await run(() => api.post('/api/fmea/copyNode', { id: source.node.id, targetParentId: node.id }));
    }
  };

  if (!loaded) return <div className="page-loading" aria-busy="true" />;
  if (!tree) return <EmptyState title={<Trans>This project has no structure yet</Trans>} />;

  const clipName = clip?.node.name ?? '';
  const zoomIndex = ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]);

  return (
    <section className="dfmea-step dfmea-structure" aria-label={t`Structure analysis`}>
      {readOnly ? null : (
        <div className="dfmea-toolbar" role="toolbar" aria-label={t`Structure actions`}>
          <Button data-testid="dfmea-add-child" disabled={!node || !canAddUnder(depth)} onClick={() => node && setEditing({ mode: 'add', node })}>
            <Trans>Add child</Trans>
          </Button>
          <Button data-testid="dfmea-rename" disabled={!node} onClick={() => node && setEditing({ mode: 'rename', node })}>
            {EditDialog ? <Trans>Edit</Trans> : <Trans>Rename</Trans>}
          </Button>
          <Button disabled={!node || isRoot} onClick={() => node && setClip({ mode: 'cut', node })}>
            <Trans>Cut</Trans>
          </Button>
          <Button disabled={!node || isRoot} onClick={() => node && setClip({ mode: 'copy', node })}>
            <Trans>Copy</Trans>
          </Button>
          <Button disabled={!node || !clip} onClick={() => void paste()}>
            <Trans>Paste</Trans>
          </Button>
          <Button kind="danger" data-testid="dfmea-delete-node" disabled={!node || isRoot} onClick={() => void remove()}>
            <Trans>Delete</Trans>
          </Button>
          <ReuseActions
            projectId={projectId}
            node={node}
            hasChildren={(node?.children.length ?? 0) > 0}
            onDone={(selectId) => {
              if (selectId) setSelected(selectId);
              void load();
            }}
          />
          {Actions ? (
            <Actions
              projectId={projectId}
              node={node}
              depth={depth}
              onDone={(selectId) => {
                if (selectId) setSelected(selectId);
                void load();
              }}
            />
          ) : null}
          {clip ? (
            <span className="dfmea-clip">
              {clip.mode === 'cut' ? <Trans>Cut: {clipName}</Trans> : <Trans>Copied: {clipName}</Trans>}
            </span>
          ) : null}
        </div>
      )}
      <div className="dfmea-split">
        <div className="dfmea-tree-panel" style={{ width: panelWidth, minWidth: MIN_PANEL_WIDTH }}>
          <ul role="tree" aria-label={t`Structure tree`} className="dfmea-tree" data-testid="dfmea-tree">
            <TreeItem node={tree} selected={selected} onSelect={setSelected} cut={clip?.mode === 'cut' ? clip.node.id : null} label={nodeLabel} />
          </ul>
        </div>
        <div
          className="dfmea-splitter"
          role="separator"
          aria-orientation="vertical"
          aria-label={t`Resize panels`}
          onPointerDown={(e) => {
            const startX = e.clientX;
            const start = panelWidth;
            const move = (ev: PointerEvent) => setPanelWidth(Math.max(MIN_PANEL_WIDTH, start + ev.clientX - startX));
            const up = () => {
              window.removeEventListener('pointermove', move);
              window.removeEventListener('pointerup', up);
            };
            window.addEventListener('pointermove', move);
            window.addEventListener('pointerup', up);
          }}
        />
        <div className="dfmea-map-panel" style={{ minWidth: MIN_PANEL_WIDTH }}>
          <div className="dfmea-zoom" aria-label={t`Zoom`}>
            <Button disabled={zoomIndex <= 0} aria-label={t`Zoom out`} onClick={() => setZoom(ZOOM_STEPS[Math.max(0, zoomIndex - 1)]!)}>
              −
            </Button>
            <select data-testid="dfmea-zoom-level" aria-label={t`Zoom level`} value={zoom} onChange={(e) => setZoom(Number(e.target.value))}>
              {ZOOM_STEPS.map((z) => (
                <option key={z} value={z}>
                  {z}%
                </option>
              ))}
            </select>
            <Button disabled={zoomIndex >= ZOOM_STEPS.length - 1} data-testid="dfmea-zoom-in" aria-label={t`Zoom in`} onClick={() => setZoom(ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, zoomIndex + 1)]!)}>
              +
            </Button>
          </div>
          <NodeTaskPanel progress={selected ? nodeTasks.byNode.get(selected) : undefined} onChanged={nodeTasks.reload} />
          <div className="dfmea-map-scroll">
            {/* CSS zoom (not a transform) so the scroll area grows and shrinks with the map */}
            <div className="dfmea-map" data-testid="dfmea-mindmap" style={{ zoom: zoom / 100 }}>
              <MapNode node={tree} selected={selected} onSelect={setSelected} label={nodeLabel} tasks={nodeTasks.byNode} />
            </div>
          </div>
        </div>
      </div>
      {editing ? (
        (() => {
          const close = () => setEditing(null);
          const saved = () => {
            setEditing(null);
            void load();
          };
          const Own = editing.mode === 'add' ? AddDialog : EditDialog;
          return Own ? <Own node={editing.node} depth={depthOf(tree, editing.node.id)} onClose={close} onSaved={saved} /> : <NodeNameDialog editing={editing} onClose={close} onSaved={saved} />;
        })()
      ) : null}
    </section>
  );
}

function TreeItem({ node, selected, onSelect, cut, label }: { node: TreeNode; selected: string | null; onSelect: (id: string) => void; cut: string | null; label?: NodeLabel }): ReactNode {
  return (
    <li role="treeitem" aria-selected={selected === node.id} aria-expanded={node.children.length ? true : undefined}>
      <button type="button" className={`dfmea-tree-label${selected === node.id ? ' selected' : ''}${cut === node.id ? ' cut' : ''}`} onClick={() => onSelect(node.id)}>
        {label ? label(node) : node.name}
      </button>
      <RowMarker kind={node.nodeType === 2 ? 'function' : 'node'} id={node.id} label={node.name} />
      {node.children.length ? (
        <ul role="group">
          {node.children.map((c) => (
            <TreeItem key={c.id} node={c} selected={selected} onSelect={onSelect} cut={cut} label={label} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A mind-map branch: the node's box, then its children in a column joined by CSS connectors. */
function MapNode({ node, selected, onSelect, label, tasks }: { node: TreeNode; selected: string | null; onSelect: (id: string) => void; label?: NodeLabel; tasks: ReadonlyMap<string, NodeProgress> }): ReactNode {
  return (
    <div className="dfmea-map-branch">
      <div className="dfmea-map-node">
        <button type="button" className={`dfmea-map-box${selected === node.id ? ' selected' : ''}`} onClick={() => onSelect(node.id)} data-user-content>
          {label ? label(node) : node.name}
        </button>
        <NodeTaskBadges progress={tasks.get(node.id)} />
      </div>
      {node.children.length ? (
        <div className="dfmea-map-children">
          {node.children.map((c) => (
            <div key={c.id} className="dfmea-map-child">
              <MapNode node={c} selected={selected} onSelect={onSelect} label={label} tasks={tasks} />
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
