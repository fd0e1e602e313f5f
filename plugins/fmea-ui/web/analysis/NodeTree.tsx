import { useMemo } from 'react';
import { Trans } from '@lingui/react/macro';
import { EmptyState } from '@fmea/sdk';
import { flattenTree, type NodeRow } from './model.ts';
import { useFmeaKind } from '../kind.tsx';

/** The structure nodes as an indented, selectable tree (left pane of the function and failure steps). */
export function NodeTree({ nodes, selected, onSelect, count }: { nodes: readonly NodeRow[]; selected: string | null; onSelect: (id: string) => void; count?: (nodeId: string) => number }) {
  const rows = useMemo(() => flattenTree(nodes), [nodes]);
  const { nodeLabel } = useFmeaKind();
  if (rows.length === 0)
    return (
      <EmptyState title={<Trans>No structure yet</Trans>}>
        <Trans>Add structure elements in the structure analysis first.</Trans>
      </EmptyState>
    );
  return (
    <ul role="tree" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map(({ node, depth }) => (
        <li key={node.id} role="treeitem" aria-selected={node.id === selected} aria-level={depth + 1}>
          <button
            type="button"
            className={node.id === selected ? 'btn btn-wrap btn-primary' : 'btn btn-wrap btn-link'}
            // a long name wraps: the button grows instead of clipping it
            style={{ marginLeft: depth * 16, textAlign: 'left', width: `calc(100% - ${depth * 16}px)`, height: 'auto', minHeight: 32 }}
            onClick={() => onSelect(node.id)}
          >
            {nodeLabel ? nodeLabel(node) : node.name}
            {count ? <span className="muted"> ({count(node.id)})</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

export const splitStyle = { display: 'grid', gridTemplateColumns: 'minmax(250px, 1fr) 3fr', gap: 16, alignItems: 'start' } as const;
export const panelStyle = { border: '1px solid var(--border, #ddd)', borderRadius: 6, padding: 12, marginBottom: 12 } as const;
