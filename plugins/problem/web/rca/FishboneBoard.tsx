import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Field, TextInput } from '@fmea/sdk';
import { layoutFishbone, moveFocus, SIX_M, type BoardCause, type SixM } from './fishbone-layout.ts';
import { useSixMLabel } from '../labels.ts';

const FONT = "system-ui, 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif";
const C = { line: '#374151', bone: '#6b7280', text: '#111827', muted: '#4b5563', selected: '#2563eb', root: '#b91c1c', rootFill: '#fee2e2', label: '#eef2ff', head: '#fef3c7' } as const;

export interface FishboneBoardProps {
  /** The problem (the effect), drawn in the head. */
  effect: string;
  causes: readonly BoardCause[];
  readOnly: boolean;
  /** The whole list after a change (added, reworded, marked or removed cause). */
  onChange: (causes: BoardCause[]) => void;
  /** A new cause's id (the server keeps what it is given, or renumbers on save). */
  newId: () => string;
  testId?: string;
}

/**
 * The Ishikawa board of step D4: the 6M bones drawn as SVG (fishbone-layout.ts), each cause a focusable
 * branch. Keyboard: the arrow keys move along a bone and across bones, Enter edits the focused cause (or
 * adds one under a focused bone label), R marks or unmarks it as the verified root cause, Delete removes
 * it. The same actions are buttons in the panel under the board, so nothing needs a pointer or the keys.
 */
export function FishboneBoard({ effect, causes, readOnly, onChange, newId, testId = 'fishbone' }: FishboneBoardProps) {
  const { t } = useLingui();
  const label = useSixMLabel();
  const layout = useMemo(() => layoutFishbone(effect, causes), [effect, causes]);
  const [focus, setFocus] = useState<string>(SIX_M[0]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focused = causes.find((c) => c.id === focus) ?? null;
  // a saved board comes back with the server's ids: a focus on a cause that is gone goes back to the first bone
  useEffect(() => {
    if (!focused && !(SIX_M as readonly string[]).includes(focus)) {
      setFocus(SIX_M[0]);
      setText('');
    }
  }, [focused, focus]);
  const category: SixM = focused?.category ?? ((SIX_M as readonly string[]).includes(focus) ? (focus as SixM) : SIX_M[0]);

  const go = (id: string) => {
    setFocus(id);
    setText(causes.find((c) => c.id === id)?.text ?? '');
    setError(null);
    // the element is drawn already: focus follows the selection (roving tab index)
    requestAnimationFrame(() => svg.current?.querySelector<SVGGElement>(`[data-focus-id="${CSS.escape(id)}"]`)?.focus());
  };
  const write = () => {
    const words = text.trim();
    if (!words) return setError(t`Cause: enter what may have caused the problem.`);
    if (words.length > 200) return setError(t`Cause: at most 200 characters.`);
    setError(null);
    if (focused) return onChange(causes.map((c) => (c.id === focused.id ? { ...c, text: words } : c)));
    const added: BoardCause = { id: newId(), category, text: words, rootCause: false };
    onChange([...causes, added]);
    setText('');
  };
  const toggleRoot = (id: string) => onChange(causes.map((c) => (c.id === id ? { ...c, rootCause: !c.rootCause } : c)));
  const remove = (id: string) => {
    const cause = causes.find((c) => c.id === id);
    onChange(causes.filter((c) => c.id !== id));
    if (cause) go(cause.category);
  };

  const keys = (e: KeyboardEvent) => {
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      return go(moveFocus(causes, focus, e.key as 'ArrowUp'));
    }
    if (readOnly) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      panel.current?.querySelector('input')?.focus();
    } else if ((e.key === 'r' || e.key === 'R') && focused) {
      e.preventDefault();
      toggleRoot(focused.id);
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && focused) {
      e.preventDefault();
      remove(focused.id);
    }
  };

  const roots = causes.filter((c) => c.rootCause).length;
  return (
    <div className="fishbone" data-testid={testId}>
      <svg
        ref={svg}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        width="100%"
        role="tree"
        aria-label={t`Ishikawa diagram (6M)`}
        onKeyDown={keys}
        fontFamily={FONT}
        className="fishbone-svg"
      >
        <title>{t`Ishikawa diagram (6M)`}</title>
        <line x1={layout.spineX1} y1={layout.spineY} x2={layout.spineX2} y2={layout.spineY} stroke={C.line} strokeWidth={3} />
        <path d={`M${layout.spineX2 - 12} ${layout.spineY - 7}L${layout.spineX2} ${layout.spineY}L${layout.spineX2 - 12} ${layout.spineY + 7}`} fill="none" stroke={C.line} strokeWidth={3} />
        <g data-testid={`${testId}-effect`}>
          <rect x={layout.head.x} y={layout.head.y} width={layout.head.width} height={layout.head.height} rx={4} fill={C.head} stroke={C.line} />
          {layout.head.lines.map((line, i) => (
            <text key={i} x={layout.head.x + layout.head.width / 2} y={layout.head.y + 20 + i * 16} textAnchor="middle" fontSize={13} fontWeight={600} fill={C.text}>
              {line}
            </text>
          ))}
        </g>
        {layout.bones.map((bone) => {
          const selected = focus === bone.category;
          // read-only (a released report, the printout) shows no chosen bone: the keyboard's focus ring marks where it is
          const marked = selected && !readOnly;
          const name = label(bone.category);
          return (
            <g key={bone.category} role="group" aria-label={name} data-category={bone.category}>
              <line x1={bone.x1} y1={bone.y1} x2={bone.x2} y2={bone.y2} stroke={C.bone} strokeWidth={2} />
              <g
                data-focus-id={bone.category}
                tabIndex={selected ? 0 : -1}
                role="treeitem"
                aria-selected={selected}
                aria-label={t`${name}: ${bone.causes.length} causes`}
                onClick={() => go(bone.category)}
                onFocus={() => focus !== bone.category && go(bone.category)}
                className="fishbone-item"
              >
                <rect x={bone.labelX - 62} y={bone.labelY - 13} width={124} height={26} rx={13} fill={C.label} stroke={marked ? C.selected : C.line} strokeWidth={marked ? 2.5 : 1} />
                <text x={bone.labelX} y={bone.labelY + 5} textAnchor="middle" fontSize={13} fontWeight={700} fill={C.text} pointerEvents="none">
                  {name}
                </text>
              </g>
              {bone.causes.map(({ cause, x, y, lines }) => {
                const on = focus === cause.id && !readOnly;
                const color = cause.rootCause ? C.root : C.text;
                return (
                  <g
                    key={cause.id}
                    data-focus-id={cause.id}
                    data-cause={cause.text}
                    data-root={cause.rootCause || undefined}
                    tabIndex={focus === cause.id ? 0 : -1}
                    role="treeitem"
                    aria-selected={focus === cause.id}
                    aria-label={cause.rootCause ? t`${cause.text} (verified root cause)` : cause.text}
                    onClick={() => go(cause.id)}
                    onFocus={() => focus !== cause.id && go(cause.id)}
                    className="fishbone-item"
                  >
                    <title>{cause.rootCause ? t`${cause.text} (verified root cause)` : cause.text}</title>
                    <rect x={x - 186} y={y - 15} width={180} height={lines.length > 1 ? 30 : 20} rx={3} fill={on ? '#dbeafe' : cause.rootCause ? C.rootFill : 'transparent'} stroke={on ? C.selected : 'none'} />
                    <line x1={x - 10} y1={y} x2={x} y2={y} stroke={cause.rootCause ? C.root : C.bone} strokeWidth={cause.rootCause ? 2.5 : 1.5} />
                    {cause.rootCause ? <path d={`M${x} ${y - 5}L${x + 5} ${y}L${x} ${y + 5}L${x - 5} ${y}Z`} fill={C.root} /> : null}
                    {lines.map((line, i) => (
                      <text key={i} x={x - 12} y={y - 2 + i * 13} textAnchor="end" fontSize={11.5} fontWeight={cause.rootCause ? 700 : 400} fill={color} pointerEvents="none">
                        {line}
                      </text>
                    ))}
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      <p className="muted fishbone-legend">
        <span className="fishbone-root-key" aria-hidden="true" /> <Trans>Verified root cause</Trans> ({roots})
        {readOnly ? null : (
          <>
            {' · '}
            <Trans>Keys: arrows move, Enter edits or adds, R marks the root cause, Delete removes.</Trans>
          </>
        )}
      </p>
      {readOnly ? null : (
        <div className="fishbone-panel" ref={panel} data-testid={`${testId}-panel`}>
          <Field label={focused ? <Trans>Cause under {label(focused.category)}</Trans> : <Trans>New cause under {label(category)}</Trans>} error={error}>
            {(id) => (
              <TextInput
                id={id}
                data-testid={`${testId}-text`}
                value={text}
                maxLength={200}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    write();
                  }
                }}
              />
            )}
          </Field>
          <div className="fishbone-actions">
            <Button kind="primary" data-testid={`${testId}-save`} onClick={write}>
              {focused ? <Trans>Change cause</Trans> : <Trans>Add cause</Trans>}
            </Button>
            {focused ? (
              <>
                <Button data-testid={`${testId}-root`} aria-pressed={focused.rootCause} onClick={() => toggleRoot(focused.id)}>
                  {focused.rootCause ? <Trans>Not the root cause</Trans> : <Trans>Mark as verified root cause</Trans>}
                </Button>
                <Button kind="danger" data-testid={`${testId}-remove`} onClick={() => remove(focused.id)}>
                  <Trans>Remove cause</Trans>
                </Button>
                <Button kind="link" onClick={() => go(focused.category)}>
                  <Trans>Add another cause here</Trans>
                </Button>
              </>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
