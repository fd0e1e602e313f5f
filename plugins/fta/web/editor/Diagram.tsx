import { memo } from 'react';
import type { FtaDocument, FtaGate } from '@fmea/core/domain';
import { LEVEL_HEIGHT, NODE_HEIGHT, type LayoutNode, type TreeLayout } from './layout.ts';
import { fitLines } from '@fmea/sdk';
import { COLORS, EventShape, formatProbability, GateShape } from './symbols.tsx';

/** What the diagram draws besides the layout: the document's lookups, the user's marks, the words it shows. */
export interface DiagramData {
  gates: ReadonlyMap<string, FtaGate>;
  labels: ReadonlyMap<string, string>;
  houseStates: ReadonlyMap<string, boolean>;
  /** Probabilities under events (and gates, where an analysis gave them). */
  probabilities: ReadonlyMap<string, number>;
  /** Gates and events the document check finds wrong, with what to say (a <title>). */
  problems: ReadonlyMap<string, string>;
  highlight: ReadonlySet<string>;
  selected: string | null;
  /** The drop target under a dragged node. */
  target: string | null;
  words: { expand: string; collapse: string; usedTimes: (n: number) => string; hidden: (n: number) => string };
}

export function diagramData(doc: FtaDocument): Pick<DiagramData, 'gates' | 'labels' | 'houseStates'> {
  const labels = new Map<string, string>();
  for (const e of [...doc.gates, ...doc.basicEvents, ...doc.houseEvents, ...doc.transfers]) if (e.label) labels.set(e.name, e.label);
  return { gates: new Map(doc.gates.map((g) => [g.name, g])), labels, houseStates: new Map(doc.houseEvents.map((h) => [h.name, h.state])) };
}

const BOX = { width: 120, height: 50 };
const SYMBOL_TOP = 56;
const SYMBOL_BOTTOM = 92;
const BUS = NODE_HEIGHT + (LEVEL_HEIGHT - NODE_HEIGHT) / 2;
export const FONT = "system-ui, 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif";

/** The lines from a gate down to its inputs: a stem, a bus across, a drop to each. */
export function Connectors({ parents, layout }: { parents: readonly LayoutNode[]; layout: TreeLayout }) {
  const d: string[] = [];
  for (const p of parents) {
    if (p.children.length === 0) continue;
    const kids = p.children.map((k) => layout.byKey.get(k)!);
    const bus = p.y + BUS;
    d.push(`M${p.x} ${p.y + SYMBOL_BOTTOM}V${bus}M${kids[0]!.x} ${bus}H${kids[kids.length - 1]!.x}`);
    for (const k of kids) d.push(`M${k.x} ${bus}V${k.y}`);
  }
  return <path d={d.join('')} fill="none" stroke={COLORS.line} strokeWidth={1.2} />;
}

/** One node: the description box (label, name), the symbol, the probability, the collapse toggle. */
export const DiagramNode = memo(function DiagramNode({ node, data }: { node: LayoutNode; data: DiagramData }) {
  const gate = data.gates.get(node.name);
  const label = data.labels.get(node.name);
  const selected = data.selected === node.key;
  const lit = data.highlight.has(node.name);
  const problem = data.problems.get(node.name);
  const stroke = selected ? COLORS.selected : lit ? COLORS.highlightLine : problem || node.kind === 'missing' ? COLORS.problem : COLORS.line;
  const strokeWidth = selected || lit || data.target === node.key ? 2.5 : 1.2;
  const fill = lit ? COLORS.highlightFill : gate ? COLORS.gateFill : node.kind === 'house' ? COLORS.houseFill : node.kind === 'transfer' ? COLORS.transferFill : COLORS.eventFill;
  const probability = data.probabilities.get(node.name);
  const lines = label ? fitLines(label) : [];
  return (
    <g
      transform={`translate(${node.x} ${node.y})`}
      data-key={node.key}
      data-name={node.name}
      data-kind={node.kind}
      data-gate={gate ? node.name : undefined}
      data-lit={lit || undefined}
      data-selected={selected || undefined}
      role="treeitem"
      aria-selected={selected}
      aria-label={label ? `${node.name} ${label}` : node.name}
      style={{ cursor: 'pointer' }}
    >
      {/* the box is what a pointer meets: the words on it pass the pointer through */}
      {problem ? <title>{problem}</title> : label && lines.join('').length < label.length ? <title>{label}</title> : null}
      <rect x={-BOX.width / 2} y={0} width={BOX.width} height={BOX.height} rx={3} fill={data.target === node.key ? '#dbeafe' : '#ffffff'} stroke={stroke} strokeWidth={strokeWidth} />
      {lines.map((line, i) => (
        <text pointerEvents="none" key={i} x={0} y={lines.length === 1 ? 20 : 15 + i * 13} textAnchor="middle" fontSize={11} fill={COLORS.text}>
          {line}
        </text>
      ))}
      <text pointerEvents="none" x={0} y={lines.length === 2 ? 44 : lines.length ? 38 : 30} textAnchor="middle" fontSize={lines.length ? 10 : 12} fontWeight={600} fill={lines.length ? COLORS.muted : COLORS.text}>
        {fitLines(node.name, 22, 1)[0]}
      </text>
      {node.repeated ? (
        <g transform={`translate(${BOX.width / 2 - 2} 0)`}>
          <title>{data.words.usedTimes(node.uses)}</title>
          <rect x={-22} y={-7} width={24} height={13} rx={6} fill="#e0e7ff" stroke={COLORS.line} strokeWidth={0.6} />
          <text pointerEvents="none" x={-10} y={3} textAnchor="middle" fontSize={9} fill={COLORS.text}>{`×${node.uses}`}</text>
        </g>
      ) : null}
      <line x1={0} y1={BOX.height} x2={0} y2={SYMBOL_TOP} stroke={COLORS.line} strokeWidth={1.2} />
      <g transform={`translate(0 ${SYMBOL_TOP})`}>
        {gate ? (
          <GateShape operator={gate.operator} min={gate.min} inputs={gate.inputs.length} fill={fill} stroke={stroke} strokeWidth={strokeWidth} />
        ) : (
          <EventShape kind={node.kind === 'gate' ? 'missing' : node.kind} state={data.houseStates.get(node.name)} fill={fill} stroke={stroke} strokeWidth={strokeWidth} />
        )}
      </g>
      {probability !== undefined ? (
        <text pointerEvents="none" x={0} y={SYMBOL_BOTTOM + 14} textAnchor="middle" fontSize={10} fill={COLORS.muted} data-probability>
          {formatProbability(probability)}
        </text>
      ) : null}
      {gate && (node.collapsed || node.children.length > 0) ? (
        <g transform={`translate(30 ${SYMBOL_BOTTOM - 8})`} data-toggle={node.name} role="button" aria-label={node.collapsed ? data.words.expand : data.words.collapse}>
          <title>{node.collapsed ? `${data.words.expand} (${data.words.hidden(node.hidden)})` : data.words.collapse}</title>
          <rect x={-8} y={-8} width={16} height={16} rx={3} fill="#ffffff" stroke={COLORS.line} strokeWidth={1} />
          <path d={node.collapsed ? 'M-4 0H4M0 -4V4' : 'M-4 0H4'} stroke={COLORS.line} strokeWidth={1.5} />
        </g>
      ) : null}
      {node.collapsed ? (
        <text pointerEvents="none" x={0} y={SYMBOL_BOTTOM + 26} textAnchor="middle" fontSize={10} fill={COLORS.muted}>
          {data.words.hidden(node.hidden)}
        </text>
      ) : null}
    </g>
  );
});

/** The whole diagram (or the part given), inside the caller's <svg>. */
export function DiagramContent({ layout, nodes, parents, data }: { layout: TreeLayout; nodes: readonly LayoutNode[]; parents: readonly LayoutNode[]; data: DiagramData }) {
  return (
    <g fontFamily={FONT}>
      <Connectors parents={parents} layout={layout} />
      {nodes.map((n) => (
        <DiagramNode key={n.key} node={n} data={data} />
      ))}
    </g>
  );
}
