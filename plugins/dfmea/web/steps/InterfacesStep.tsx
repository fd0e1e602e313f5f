import { useCallback, useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { readRules } from '@fmea/core/domain';
import { api, Button, confirm, Dialog, EmptyState, notifyError, RowMarker, Select, TextArea, TextInput, type ApiData } from '@fmea/sdk';
import { treeOf, useDict, useDictLabel, type StepProps, type TreeNode } from '@fmea/fmea-ui';
import { BlockDiagram } from './BlockDiagram.tsx';

type InterfaceRow = ApiData<'/api/fmea/interfaces'>[number];

const TYPES = [1, 2, 3, 4, 5] as const;

function flatten(node: TreeNode | null, out: TreeNode[] = []): TreeNode[] {
  if (!node) return out;
  if (node.nodeType !== 2) out.push(node);
  for (const c of node.children ?? []) flatten(c, out);
  return out;
}

/** Step 2b: the block / boundary diagram and the interfaces between structure nodes (five types). */
export default function InterfacesStep({ projectId, readOnly, remoteRevision }: StepProps) {
  const { t } = useLingui();
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  const [root, setRoot] = useState<TreeNode | null>(null);
  const [rows, setRows] = useState<InterfaceRow[] | null>(null);
  const [draft, setDraft] = useState({ firstNodeId: '', secondNodeId: '', interfaceType: '1', description: '' });
  // the interface reason rule (ruleOpen): a change or a deletion says why (docs/domain/fmea-communication.md)
  const [reasonRule, setReasonRule] = useState(false);
  const [asking, setAsking] = useState<{ row: InterfaceRow; interfaceType: number | null } | null>(null);
  useEffect(() => {
    api.get('/api/sysInterfaceReason/getData').then(
      (data) => setReasonRule(readRules(data.items).interfaceReasonRequired),
      () => undefined,
    );
  }, []);

  // named by the interfaceType dictionary, the one source of the five types' names
  const interfaceTypes = useDict('interfaceType');
  const dictLabel = useDictLabel();
  const typeLabel = (type: number) => {
    const item = interfaceTypes.find((i) => i.code === String(type));
    return item ? dictLabel(item) : String(type);
  };

  const load = useCallback(async () => {
    try {
      const [answer, list] = await Promise.all([api.get('/api/fmea/structureTree', { projectId }), api.get('/api/fmea/interfaces', { projectId })]);
      const tree = treeOf(answer);
      setRoot(tree);
      setNodes(flatten(tree));
      setRows(list);
    } catch (error) {
      notifyError(error);
      setRows([]);
    }
  }, [projectId]);

  useEffect(() => {
    void load();
  }, [load, remoteRevision]);

  const names = useMemo(() => new Map(nodes.map((n) => [n.id, n.name])), [nodes]);
  const nodeOptions = [{ value: '', label: '—' }, ...nodes.map((n) => ({ value: n.id, label: n.name }))];
  const typeOptions = TYPES.map((v) => ({ value: String(v), label: typeLabel(v) }));

  const add = async () => {
    try {
      await api.post('/api/fmea/addInterface', {
        firstNodeId: draft.firstNodeId,
        secondNodeId: draft.secondNodeId,
        interfaceType: Number(draft.interfaceType),
        description: draft.description.trim() || null,
      });
      setDraft({ ...draft, description: '' });
    } catch (error) {
      notifyError(error);
    }
    await load();
  };

  const changeType = async (row: InterfaceRow, interfaceType: number, reason?: string) => {
    if (reasonRule && reason === undefined) {
      setAsking({ row, interfaceType });
      return;
    }
    try {
      await api.post('/api/fmea/updateInterface', { id: row.id, version: row.version, interfaceType, ...(reason ? { reason } : {}) });
    } catch (error) {
      notifyError(error);
    }
    await load();
  };

  const remove = async (row: InterfaceRow, reason?: string) => {
    if (reasonRule && reason === undefined) {
      setAsking({ row, interfaceType: null });
      return;
    }
    if (reason === undefined && !(await confirm({ title: t`Delete interface`, message: t`Delete this interface?`, danger: true }))) return;
    try {
      await api.post('/api/fmea/deleteInterface', { id: row.id, version: row.version, ...(reason ? { reason } : {}) });
    } catch (error) {
      notifyError(error);
    }
    await load();
  };

  if (rows === null) return <div className="page-loading" aria-busy="true" />;

  return (
    <section className="dfmea-step dfmea-interfaces" aria-label={t`Block diagram and interfaces`}>
      {readOnly ? null : (
        <div className="dfmea-toolbar">
          <Select aria-label={t`First node`} value={draft.firstNodeId} onChange={(e) => setDraft({ ...draft, firstNodeId: e.target.value })} options={nodeOptions} />
          <Select aria-label={t`Second node`} value={draft.secondNodeId} onChange={(e) => setDraft({ ...draft, secondNodeId: e.target.value })} options={nodeOptions} />
          <Select aria-label={t`Interface type`} value={draft.interfaceType} onChange={(e) => setDraft({ ...draft, interfaceType: e.target.value })} options={typeOptions} />
          <TextInput aria-label={t`Description`} placeholder={t`Description`} maxLength={500} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
          <Button kind="primary" disabled={!draft.firstNodeId || !draft.secondNodeId || draft.firstNodeId === draft.secondNodeId} onClick={() => void add()}>
            <Trans>Add interface</Trans>
          </Button>
        </div>
      )}
      {root ? <BlockDiagram root={root} interfaces={rows} typeLabel={typeLabel} /> : null}
      {rows.length === 0 ? (
        <EmptyState title={<Trans>No interfaces yet</Trans>} />
      ) : (
        <table className="dfmea-table">
          <thead>
            <tr>
              <th>
                <Trans>First node</Trans>
              </th>
              <th>
                <Trans>Second node</Trans>
              </th>
              <th>
                <Trans>Interface type</Trans>
              </th>
              <th>
                <Trans>Description</Trans>
              </th>
              {readOnly ? null : (
                <th>
                  <Trans>Actions</Trans>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{names.get(row.firstNodeId) ?? row.firstNodeId}</td>
                <td>{names.get(row.secondNodeId) ?? row.secondNodeId}</td>
                <td>
                  {readOnly ? (
                    typeLabel(row.interfaceType)
                  ) : (
                    <Select aria-label={t`Interface type`} value={String(row.interfaceType)} onChange={(e) => void changeType(row, Number(e.target.value))} options={typeOptions} />
                  )}
                </td>
                <td>
                  {row.description ?? ''} <RowMarker kind="interface" id={row.id} label={`${names.get(row.firstNodeId) ?? ''} ↔ ${names.get(row.secondNodeId) ?? ''}`} />
                </td>
                {readOnly ? null : (
                  <td>
                    <Button kind="link" onClick={() => void remove(row)}>
                      <Trans>Delete</Trans>
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {asking ? (
        <ReasonDialog
          deleting={asking.interfaceType === null}
          onCancel={() => {
            setAsking(null);
            void load();
          }}
          onDone={(reason) => {
            const { row, interfaceType } = asking;
            setAsking(null);
            void (interfaceType === null ? remove(row, reason) : changeType(row, interfaceType, reason));
          }}
        />
      ) : null}
    </section>
  );
}

/** The reason the interface reason rule asks for before an interface is changed or deleted (kept in the row's history). */
function ReasonDialog({ deleting, onCancel, onDone }: { deleting: boolean; onCancel: () => void; onDone: (reason: string) => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onDone(reason.trim());
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={deleting ? t`Why is the interface deleted?` : t`Why is the interface changed?`}
      actions={
        <>
          <Button onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button kind={deleting ? 'danger' : 'primary'} data-testid="interface-reason-save" onClick={submit}>
            {deleting ? <Trans>Delete</Trans> : <Trans>Save</Trans>}
          </Button>
        </>
      }
    >
      <TextArea aria-label={t`Reason`} maxLength={200} value={reason} data-testid="interface-reason" onChange={(e) => setReason(e.target.value)} />
      {missing ? (
        <div className="form-error" role="alert">
          <Trans>The interface reason rule asks for a reason.</Trans>
        </div>
      ) : null}
    </Dialog>
  );
}
