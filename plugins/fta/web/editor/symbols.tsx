import type { GateOperator } from '@fmea/core/domain';
import type { NodeKind } from './layout.ts';

/**
 * The standard fault-tree symbols (IEC 61025 / NUREG-0492), 40 × 36 px with (0, 0) at the top centre,
 * drawn with presentation attributes only, so an exported SVG needs no stylesheet: AND (flat base, round
 * top), OR (pointed top, hollow base), XOR (OR with a second base line), k/n voting (OR with k/n), NOT
 * (triangle with a bubble), basic event (circle), house event (house), transfer (triangle), an input
 * no gate or event defines (dashed diamond).
 */
export const SYMBOL_HEIGHT = 36;

export const COLORS = {
  line: '#374151',
  gateFill: '#eef2ff',
  eventFill: '#ffffff',
  houseFill: '#f0fdf4',
  transferFill: '#fff7ed',
  selected: '#2563eb',
  highlightFill: '#fde68a',
  highlightLine: '#b45309',
  problem: '#dc2626',
  text: '#111827',
  muted: '#4b5563',
} as const;

const OR_PATH = 'M -20 36 Q -20 12 0 0 Q 20 12 20 36 Q 0 26 -20 36 Z';

export function GateShape({ operator, min, inputs, fill, stroke, strokeWidth }: { operator: GateOperator; min?: number; inputs: number; fill: string; stroke: string; strokeWidth: number }) {
  const common = { fill, stroke, strokeWidth };
  switch (operator) {
    case 'and':
      return <path d="M -20 36 L -20 18 A 20 18 0 0 1 20 18 L 20 36 Z" {...common} />;
    case 'or':
      return <path d={OR_PATH} {...common} />;
    case 'xor':
      return (
        <>
          <path d={OR_PATH} {...common} />
          <path d="M -20 41 Q 0 31 20 41" fill="none" stroke={stroke} strokeWidth={strokeWidth} />
        </>
      );
    case 'atleast':
      return (
        <>
          <path d={OR_PATH} {...common} />
          <text pointerEvents="none" x={0} y={25} textAnchor="middle" fontSize={10} fill={COLORS.text}>{`${min ?? '?'}/${inputs}`}</text>
        </>
      );
    case 'not':
      return (
        <>
          <path d="M -18 36 L 18 36 L 0 9 Z" {...common} />
          <circle cx={0} cy={5} r={4} {...common} />
        </>
      );
  }
}

export function EventShape({ kind, state, fill, stroke, strokeWidth }: { kind: Exclude<NodeKind, 'gate'>; state?: boolean; fill: string; stroke: string; strokeWidth: number }) {
  const common = { fill, stroke, strokeWidth };
  switch (kind) {
    case 'basic':
      return <circle cx={0} cy={18} r={18} {...common} />;
    case 'house':
      return (
        <>
          <path d="M -18 36 L 18 36 L 18 15 L 0 0 L -18 15 Z" {...common} />
          <text pointerEvents="none" x={0} y={30} textAnchor="middle" fontSize={11} fill={COLORS.text}>
            {state ? '1' : '0'}
          </text>
        </>
      );
    case 'transfer':
      return <path d="M -20 36 L 20 36 L 0 0 Z" {...common} />;
    case 'missing':
      return <path d="M 0 0 L 20 18 L 0 36 L -20 18 Z" {...common} stroke={COLORS.problem} strokeDasharray="4 3" />;
  }
}

/** A probability in a few characters: 0.0123, 1.00e-5. */
export function formatProbability(p: number): string {
  if (p === 0 || p === 1) return String(p);
  return p >= 0.001 ? p.toPrecision(3) : p.toExponential(2);
}
