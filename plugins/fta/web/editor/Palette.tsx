import type { PointerEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { NewKind } from './edit.ts';
import { COLORS, EventShape, GateShape } from './symbols.tsx';
import type { EditorWords } from './words.ts';

const ITEMS: readonly NewKind[] = ['basic', 'or', 'and', 'atleast', 'not', 'xor', 'house', 'transfer'];

/**
 * The symbols to build with: drag one onto a gate to add it as that gate's input, or click it (Enter) to
 * add it under the selected gate.
 */
export function Palette({ words, onPick, onAdd }: { words: EditorWords; onPick: (kind: NewKind, e: PointerEvent) => void; onAdd: (kind: NewKind) => void }) {
  const { t } = useLingui();
  return (
    <div className="fta-palette" role="toolbar" aria-orientation="vertical" aria-label={t`Add to the selected gate, or drag onto a gate`}>
      {ITEMS.map((kind) => (
        <button
          key={kind}
          type="button"
          className="fta-palette-item"
          data-testid={`fta-palette-${kind}`}
          title={words.kind[kind]}
          onPointerDown={(e) => e.button === 0 && onPick(kind, e)}
          onClick={() => onAdd(kind)}
        >
          <svg width={34} height={32} viewBox="-22 -4 44 46" aria-hidden="true">
            {kind === 'basic' || kind === 'house' || kind === 'transfer' ? (
              <EventShape kind={kind} state fill="#ffffff" stroke={COLORS.line} strokeWidth={1.2} />
            ) : (
              <GateShape operator={kind} min={2} inputs={3} fill={COLORS.gateFill} stroke={COLORS.line} strokeWidth={1.2} />
            )}
          </svg>
          <span>{words.palette[kind]}</span>
        </button>
      ))}
    </div>
  );
}
