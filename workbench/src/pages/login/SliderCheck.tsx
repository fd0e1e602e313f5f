import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useLingui } from '@lingui/react/macro';

/**
 * The login page's slider check (spec 000 §2.1, §5): the handle must be
 * dragged to the end of the track. Keyboard users press End or the right
 * arrow repeatedly.
 */
export function SliderCheck({ done, onDone }: { done: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const track = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const HANDLE = 40;

  const max = () => (track.current?.clientWidth ?? 300) - HANDLE;
  const finish = (value: number) => {
    if (value >= max() - 2) {
      setOffset(max());
      onDone();
    } else setOffset(0);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (done) return;
    start.current = e.clientX - offset;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null || done) return;
    setOffset(Math.max(0, Math.min(max(), e.clientX - start.current)));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    finish(offset);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (done) return;
    if (e.key === 'End') finish(max());
    if (e.key === 'ArrowRight') {
      const next = Math.min(max(), offset + max() / 5);
      setOffset(next);
      if (next >= max()) finish(next);
    }
  };

  return (
    <div ref={track} className={done ? 'slider-check slider-done' : 'slider-check'} data-testid="slider-check">
      <div className="slider-fill" style={{ width: offset + HANDLE / 2 }} />
      <span className="slider-text">{done ? t`Verified` : t`Drag the slider to verify`}</span>
      <div
        className="slider-handle"
        role="slider"
        tabIndex={0}
        aria-label={t`Drag the slider to verify`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done ? 100 : Math.round((offset / Math.max(1, max())) * 100)}
        style={{ transform: `translateX(${offset}px)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid="slider-handle"
      >
        {done ? '✓' : '»'}
      </div>
    </div>
  );
}
