import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { eventProbability, validateFtaDocument, type FtaDocument } from '@fmea/core/domain';
import { notify } from '@fmea/sdk';
import { DiagramContent, diagramData, type DiagramData } from './Diagram.tsx';
import { addInput, moveInput, removeInput, shareInput, type Edit, type NewKind } from './edit.ts';
import { diagramSvg, savePng, saveSvg } from './export.tsx';
import { layoutTree, type LayoutNode } from './layout.ts';
import { EditorToolbar } from './EditorToolbar.tsx';
import { NodePanel } from './NodePanel.tsx';
import { Palette } from './Palette.tsx';
import { useDrag, usePan, type DropEvent } from './use-pointer.ts';
import { fitView, initialView, inView, reveal, viewRect, zoomAt, type View } from './view.ts';
import { useEditorWords } from './words.ts';
import './editor.css';

export interface FaultTreeEditorProps {
  document: FtaDocument;
  readOnly: boolean;
  onChange(next: FtaDocument): void;
  /** Names in a selected cut set: drawn marked. */
  highlight?: readonly string[];
  /** Probabilities to show under events (and gates); by default each basic event's own over the mission time. */
  probabilities?: Readonly<Record<string, number>>;
}

const EMPTY: readonly string[] = [];

/**
 * The fault-tree editor (issue 23): the tree drawn top-down with the standard symbols, built by dragging a
 * palette item onto a gate (or a node onto another gate: moved; with Alt or Ctrl held: shared) or with the
 * panel's buttons and the keyboard, edited in the side panel. Laid out automatically (layout.ts, memoised
 * on the document and the collapsed gates); only the part in view is drawn. Zoom with the buttons,
 * Ctrl + wheel or + and −; pan by dragging the background or with the wheel. Prints the diagram alone and
 * exports it as SVG or PNG. The document is the caller's: every change goes out through `onChange`.
 */
export default function FaultTreeEditor({ document: doc, readOnly, onChange, highlight = EMPTY, probabilities }: FaultTreeEditorProps) {
  const { t } = useLingui();
  const words = useEditorWords();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [selected, setSelected] = useState<string | null>(doc.top);
  const [view, setView] = useState<View | null>(null);
  const [size, setSize] = useState({ width: 900, height: 560 });
  const [printing, setPrinting] = useState(false);
  const [notice, setNotice] = useState('');
  const box = useRef<HTMLDivElement>(null);

  const layout = useMemo(() => layoutTree(doc, { collapsed }), [doc, collapsed]);
  const base = useMemo(() => diagramData(doc), [doc]);
  const lit = useMemo(() => new Set(highlight), [highlight]);
  const shown = useMemo(() => {
    if (probabilities) return new Map(Object.entries(probabilities));
    return new Map(doc.basicEvents.map((e) => [e.name, eventProbability(e.model, doc.missionTime)]));
  }, [doc, probabilities]);
  // core's document check (the server's, before a save), by the gate or event at fault
  const issues = useMemo(() => validateFtaDocument(doc), [doc]);
  const problems = useMemo(() => {
    const map = new Map<string, string>();
    for (const i of issues) map.set(i.name, map.has(i.name) ? `${map.get(i.name)}\n${words.issue(i)}` : words.issue(i));
    return map;
  }, [issues, words]);

  const node = selected ? (layout.byKey.get(selected) ?? null) : null;
  // a selection whose place went away (deleted, collapsed above it) falls back to the top
  useEffect(() => {
    if (selected && !layout.byKey.has(selected)) setSelected(layout.nodes[0]?.key ?? null);
  }, [layout, selected]);
  // a node just added is brought into view once the new layout places it
  const [revealing, setRevealing] = useState<string | null>(null);
  useEffect(() => {
    const n = revealing ? layout.byKey.get(revealing) : undefined;
    if (!n) return;
    setRevealing(null);
    setView((v) => reveal(v ?? initialView(layout, size.width, size.height), n, size.width, size.height));
  }, [layout, revealing, size]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth || 900, height: el.clientHeight || 560 });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const current = view ?? initialView(layout, size.width, size.height);

  const change = useCallback(
    (edit: Edit, select?: (name: string) => string | null) => {
      if (!edit.ok) {
        setNotice(words.refusal[edit.reason]);
        return;
      }
      setNotice('');
      onChange(edit.doc);
      const key = select && edit.name ? select(edit.name) : null;
      if (key) {
        setSelected(key);
        setRevealing(key);
      }
    },
    [onChange, words],
  );
  // stable between pans and zooms, so the side panel (memo) is not drawn again for them
  const add = useCallback(
    (gate: string, kind: NewKind) => {
      const inputs = doc.gates.find((g) => g.name === gate)?.inputs.length ?? 0;
      if (collapsed.has(gate)) setCollapsed((c) => new Set([...c].filter((n) => n !== gate)));
      change(addInput(doc, gate, kind), () => `${gate}/${inputs}`);
    },
    [doc, collapsed, change],
  );
  const share = useCallback((name: string, gate: string) => change(shareInput(doc, name, gate)), [doc, change]);
  const remove = useCallback(
    (n: LayoutNode) => {
      if (n.parentGate === null) return setNotice(words.refusal.top);
      change(removeInput(doc, n.parentGate, n.index), () => n.parent);
    },
    [doc, change, words],
  );

  const { drag, begin } = useDrag((drop: DropEvent) => {
    if (readOnly) return;
    const { source, target } = drop;
    if (source.type === 'new') return add(target.gate, source.kind);
    const moved = layout.byKey.get(source.key);
    if (!moved?.parentGate) return setNotice(words.refusal.top);
    change(drop.share ? shareInput(doc, moved.name, target.gate) : moveInput(doc, moved.parentGate, moved.index, target.gate));
  });
  const pan = usePan((dx, dy) => setView((v) => ({ ...(v ?? current), x: (v ?? current).x + dx, y: (v ?? current).y + dy })));

  // Ctrl + wheel zooms, the wheel alone pans; a non-passive listener, so the page does not scroll as well
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      setView((v) => {
        const from = v ?? current;
        return e.ctrlKey || e.metaKey ? zoomAt(from, Math.exp(-e.deltaY / 300), e.clientX - r.left, e.clientY - r.top) : { ...from, x: from.x - e.deltaX, y: from.y - e.deltaY };
      });
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  });

  const toggle = (name: string) => setCollapsed((c) => (c.has(name) ? new Set([...c].filter((n) => n !== name)) : new Set([...c, name])));
  const zoom = (factor: number) => setView(zoomAt(current, factor, size.width / 2, size.height / 2));
  const select = (key: string | null) => {
    setSelected(key);
    const n = key ? layout.byKey.get(key) : undefined;
    if (n) setView(reveal(current, n, size.width, size.height));
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    const el = e.target as Element;
    const toggleEl = el.closest<SVGGElement>('[data-toggle]');
    if (toggleEl) return toggle(toggleEl.dataset.toggle!);
    const nodeEl = el.closest<SVGGElement>('[data-key]');
    if (!nodeEl) return pan.begin(e);
    const key = nodeEl.dataset.key!;
    setSelected(key);
    if (!readOnly && layout.byKey.get(key)?.parentGate) begin({ type: 'node', key }, e);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    const n = node;
    const keys: Record<string, () => void> = {
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      '0': () => setView(fitView(layout, size.width, size.height)),
      ArrowUp: () => n?.parent && select(n.parent),
      ArrowDown: () => n?.children[0] && select(n.children[0]),
      ArrowLeft: () => n?.parent && select(layout.byKey.get(n.parent)!.children[n.index - 1] ?? n.key),
      ArrowRight: () => n?.parent && select(layout.byKey.get(n.parent)!.children[n.index + 1] ?? n.key),
      ' ': () => n?.kind === 'gate' && (n.collapsed || n.children.length > 0) && toggle(n.name),
      Delete: () => n && !readOnly && remove(n),
      Backspace: () => n && !readOnly && remove(n),
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  const target = drag?.moving ? drag.target : null;
  // one object while only the view moves, so the drawn nodes (memo) are not drawn again for a pan
  const data: DiagramData = useMemo(() => ({ ...base, probabilities: shown, problems, highlight: lit, selected, target, words: words.diagram }), [base, shown, problems, lit, selected, target, words]);
  const { nodes, parents } = useMemo(() => inView(layout, viewRect(current, size.width, size.height)), [layout, current.x, current.y, current.scale, size.width, size.height]);

  // the browser's own print command draws the whole tree too
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  const print = () => {
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };
  const exportAs = async (format: 'svg' | 'png') => {
    const svg = diagramSvg(layout, data, doc.name);
    const file = `${doc.name || 'fault-tree'}.${format}`;
    if (format === 'svg') return saveSvg(svg, file);
    try {
      await savePng(svg, layout, file);
    } catch {
      notify('error', t`The diagram could not be drawn as PNG in this browser; export it as SVG instead.`);
    }
  };

  return (
    <div className="fta-editor" data-testid="fta-editor">
      <EditorToolbar
        scale={current.scale}
        onZoom={zoom}
        onFit={() => setView(fitView(layout, size.width, size.height))}
        onRelayout={() => {
          setCollapsed(new Set());
          setView(null);
        }}
        onCollapseAll={() => setCollapsed(new Set(doc.gates.filter((g) => g.name !== doc.top).map((g) => g.name)))}
        problems={issues.map(words.issue)}
        problemsLabel={words.problems(issues.length)}
        onPrint={print}
        onExport={(format) => void exportAs(format)}
      />
      <div className="fta-body">
        {readOnly ? null : <Palette words={words} onPick={(kind, e) => begin({ type: 'new', kind }, e)} onAdd={(kind) => node?.kind === 'gate' ? add(node.name, kind) : setNotice(t`Select a gate first, then add its input.`)} />}
        <div ref={box} className={pan.panning ? 'fta-canvas is-panning' : 'fta-canvas'}>
          <svg
            className="fta-svg"
            role="tree"
            aria-label={t`Fault tree ${doc.name}`}
            tabIndex={0}
            width={size.width}
            height={size.height}
            onPointerDown={onPointerDown}
            onKeyDown={onKeyDown}
            data-testid="fta-diagram"
          >
            <g transform={`translate(${current.x} ${current.y}) scale(${current.scale})`}>
              <DiagramContent layout={layout} nodes={nodes} parents={parents} data={data} />
            </g>
          </svg>
          {layout.nodes.length === 0 ? (
            <p className="fta-empty">
              <Trans>The top event {doc.top} is not defined.</Trans>
            </p>
          ) : null}
          <div className="fta-status" role="status" data-testid="fta-notice">
            {notice}
          </div>
        </div>
        {node ? (
          <NodePanel
            key={`${node.key}:${node.name}`}
            doc={doc}
            node={node}
            readOnly={readOnly}
            words={words}
            onChange={onChange}
            onAdd={add}
            onShare={share}
            onDelete={remove}
          />
        ) : null}
      </div>
      {drag?.moving ? (
        <div className="fta-ghost" style={{ left: drag.x + 12, top: drag.y + 12 }}>
          {drag.source.type === 'new' ? words.kind[drag.source.kind] : layout.byKey.get(drag.source.key)?.name}
        </div>
      ) : null}
      {printing ? (
        <div className="fta-print-sheet">
          <svg viewBox={`0 0 ${layout.width} ${layout.height}`} width="100%" role="img" aria-label={doc.name}>
            <DiagramContent layout={layout} nodes={layout.nodes} parents={layout.nodes.filter((n) => n.children.length > 0)} data={{ ...data, selected: null, target: null }} />
          </svg>
        </div>
      ) : null}
    </div>
  );
}
