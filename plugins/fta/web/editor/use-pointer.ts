import { useEffect, useRef, useState } from 'react';
import type { NewKind } from './edit.ts';

/**
 * Dragging in the editor with pointer events (SVG elements cannot be HTML5-draggable): a palette item or a
 * node dragged onto a gate, or the background dragged to pan. The gate under the pointer is found with
 * `elementFromPoint` and its `data-gate`/`data-key` attributes, so the same code serves mouse, pen and touch.
 */
export type DragSource = { type: 'new'; kind: NewKind } | { type: 'node'; key: string };

export interface DragState {
  source: DragSource;
  /** Viewport position of the pointer (client coordinates). */
  x: number;
  y: number;
  /** Key of the gate node under the pointer. */
  target: string | null;
  /** Past the few pixels that tell a drag from a click. */
  moving: boolean;
}

export interface DropEvent {
  source: DragSource;
  /** Key and gate name of the node dropped on. */
  target: { key: string; gate: string };
  /** Alt or Ctrl held: share (add as one more input) instead of move. */
  share: boolean;
}

const THRESHOLD = 5;

function gateAt(x: number, y: number): { key: string; gate: string } | null {
  const el = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(x, y) : null;
  const node = el?.closest<SVGGElement>('[data-gate]');
  return node ? { key: node.dataset.key!, gate: node.dataset.gate! } : null;
}

export function useDrag(onDrop: (drop: DropEvent) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;
  // the state as of the last render, for the drop (an updater must not have side effects: StrictMode runs it twice)
  const current = useRef<DragState | null>(null);
  current.current = drag;
  const active = drag !== null;

  useEffect(() => {
    if (!active) return;
    const move = (e: PointerEvent) => {
      const from = start.current!;
      setDrag((d) => {
        if (!d) return d;
        const moving = d.moving || Math.hypot(e.clientX - from.x, e.clientY - from.y) > THRESHOLD;
        return { ...d, x: e.clientX, y: e.clientY, moving, target: moving ? (gateAt(e.clientX, e.clientY)?.key ?? null) : null };
      });
    };
    const up = (e: PointerEvent) => {
      const d = current.current;
      setDrag(null);
      const from = start.current!;
      const moved = d !== null && (d.moving || Math.hypot(e.clientX - from.x, e.clientY - from.y) > THRESHOLD);
      const target = moved ? gateAt(e.clientX, e.clientY) : null;
      if (d && target) dropRef.current({ source: d.source, target, share: e.altKey || e.ctrlKey || e.metaKey });
    };
    const cancel = (e: KeyboardEvent) => e.key === 'Escape' && setDrag(null);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('keydown', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('keydown', cancel);
    };
  }, [active]);

  const begin = (source: DragSource, e: { clientX: number; clientY: number }) => {
    start.current = { x: e.clientX, y: e.clientY };
    setDrag({ source, x: e.clientX, y: e.clientY, target: null, moving: false });
  };
  return { drag, begin };
}

/** Panning by dragging the background: the view's offset follows the pointer. */
export function usePan(onPan: (dx: number, dy: number) => void) {
  const last = useRef<{ x: number; y: number } | null>(null);
  const panRef = useRef(onPan);
  panRef.current = onPan;
  const [panning, setPanning] = useState(false);
  useEffect(() => {
    if (!panning) return;
    const move = (e: PointerEvent) => {
      const from = last.current!;
      last.current = { x: e.clientX, y: e.clientY };
      panRef.current(e.clientX - from.x, e.clientY - from.y);
    };
    const up = () => setPanning(false);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, [panning]);
  return {
    panning,
    begin: (e: { clientX: number; clientY: number }) => {
      last.current = { x: e.clientX, y: e.clientY };
      setPanning(true);
    },
  };
}
