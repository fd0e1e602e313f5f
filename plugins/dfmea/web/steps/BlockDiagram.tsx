import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ApiData } from '@fmea/sdk';
import type { TreeNode } from '@fmea/fmea-ui';

/** What the diagram draws of an interface. */
export type DiagramInterface = Pick<ApiData<'/api/fmea/interfaces'>[number], 'id' | 'firstNodeId' | 'secondNodeId' | 'interfaceType' | 'description'>;

interface Box {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  level: 1 | 2;
}

/** Line style per interface type (AIAG-VDA block diagram convention: one look per kind of exchange). */
export const INTERFACE_STYLE: Record<number, { stroke: string; dash?: string; width: number }> = {
  1: { stroke: '#334155', width: 2 },
  2: { stroke: '#1d4ed8', dash: '6 4', width: 2 },
  3: { stroke: '#b91c1c', dash: '10 3 2 3', width: 2 },
  4: { stroke: '#15803d', width: 4 },
  5: { stroke: '#7e22ce', dash: '2 3', width: 2 },
};

const BLOCK_W = 190;
const HEADER_H = 34;
const SUB_H = 26;
const GAP = 48;
const PAD = 32;

const structural = (n: TreeNode) => n.nodeType !== 2;

/** Boxes: the root's children as blocks inside the system boundary; each block lists its descendants as sub-blocks. */
function layout(root: TreeNode): { boxes: Box[]; width: number; height: number } {
  const blocks = (root.children ?? []).filter(structural);
  const columns = Math.max(1, Math.ceil(Math.sqrt(blocks.length)));
  const descendants = (n: TreeNode): TreeNode[] => (n.children ?? []).filter(structural).flatMap((c) => [c, ...descendants(c)]);
  const rows: TreeNode[][] = [];
  blocks.forEach((b, i) => (rows[Math.floor(i / columns)] ??= []).push(b));
  const boxes: Box[] = [];
  let y = PAD + 28;
  for (const row of rows) {
    const heights = row.map((b) => HEADER_H + descendants(b).length * (SUB_H + 6) + 8);
    const rowHeight = Math.max(...heights);
    row.forEach((block, col) => {
      const x = PAD + 16 + col * (BLOCK_W + GAP);
      boxes.push({ id: block.id, name: block.name, x, y, w: BLOCK_W, h: rowHeight, level: 1 });
      descendants(block).forEach((d, i) => boxes.push({ id: d.id, name: d.name, x: x + 10, y: y + HEADER_H + i * (SUB_H + 6), w: BLOCK_W - 20, h: SUB_H, level: 2 }));
    });
    y += rowHeight + GAP;
  }
  const width = PAD * 2 + 32 + Math.max(1, Math.min(columns, blocks.length)) * (BLOCK_W + GAP) - GAP;
  return { boxes, width: Math.max(width, 360), height: Math.max(y - GAP + 16 + PAD, 160) };
}

/** Where a line from a box's centre towards (tx, ty) leaves the box. */
function edgePoint(box: Box, tx: number, ty: number): [number, number] {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return [cx, cy];
  const scale = Math.min(Math.abs(box.w / 2 / (dx || 1e-9)), Math.abs(box.h / 2 / (dy || 1e-9)));
  return [cx + dx * Math.min(scale, 1), cy + dy * Math.min(scale, 1)];
}

/**
 * Step 2b's block / boundary diagram: the product as the system boundary, its elements as blocks,
 * and the interfaces as lines styled by type, with a legend. Drawn from the same rows as the table.
 */
export function BlockDiagram({ root, interfaces, typeLabel }: { root: TreeNode; interfaces: DiagramInterface[]; typeLabel: (type: number) => string }) {
  const { t } = useLingui();
  const { boxes, width, height } = useMemo(() => layout(root), [root]);
  const byId = new Map(boxes.map((b) => [b.id, b]));
  const rootBox: Box = { id: root.id, name: root.name, x: PAD, y: PAD, w: width - PAD * 2, h: height - PAD * 2, level: 1 };

  return (
    <figure className="dfmea-block-diagram" data-testid="block-diagram" style={{ margin: '0 0 16px' }}>
      <svg role="img" aria-label={t`Block diagram of ${root.name}`} width={width} height={height} viewBox={`0 0 ${width} ${height}`} style={{ maxWidth: '100%', height: 'auto' }}>
        <rect x={rootBox.x} y={rootBox.y} width={rootBox.w} height={rootBox.h} rx={8} fill="none" stroke="#64748b" strokeDasharray="8 5" strokeWidth={1.5} />
        <text x={rootBox.x + 10} y={rootBox.y + 18} fontSize={13} fontWeight={600} fill="#334155" data-user-content>
          {root.name}
        </text>
        {boxes.map((b) => (
          <g key={b.id} data-node-id={b.id}>
            <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={b.level === 1 ? 6 : 4} fill={b.level === 1 ? '#f8fafc' : '#e2e8f0'} stroke="#94a3b8" />
            <text x={b.x + 8} y={b.y + (b.level === 1 ? 20 : 17)} fontSize={b.level === 1 ? 13 : 12} fontWeight={b.level === 1 ? 600 : 400} fill="#0f172a" data-user-content>
              {b.name.length > 26 ? `${b.name.slice(0, 25)}…` : b.name}
              <title>{b.name}</title>
            </text>
          </g>
        ))}
        {interfaces.map((i) => {
          const a = byId.get(i.firstNodeId) ?? (i.firstNodeId === root.id ? rootBox : undefined);
          const b = byId.get(i.secondNodeId) ?? (i.secondNodeId === root.id ? rootBox : undefined);
          if (!a || !b) return null;
          const [x1, y1] = edgePoint(a, b.x + b.w / 2, b.y + b.h / 2);
          const [x2, y2] = edgePoint(b, a.x + a.w / 2, a.y + a.h / 2);
          const style = INTERFACE_STYLE[i.interfaceType] ?? INTERFACE_STYLE[1]!;
          return (
            <line key={i.id} data-interface={i.interfaceType} x1={x1} y1={y1} x2={x2} y2={y2} stroke={style.stroke} strokeWidth={style.width} strokeDasharray={style.dash}>
              <title>{`${typeLabel(i.interfaceType)}${i.description ? `: ${i.description}` : ''}`}</title>
            </line>
          );
        })}
      </svg>
      <figcaption className="dfmea-legend" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, fontSize: 12 }}>
        {Object.entries(INTERFACE_STYLE).map(([type, style]) => (
          <span key={type} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <svg width={28} height={8} aria-hidden>
              <line x1={0} y1={4} x2={28} y2={4} stroke={style.stroke} strokeWidth={style.width} strokeDasharray={style.dash} />
            </svg>
            {typeLabel(Number(type))}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
