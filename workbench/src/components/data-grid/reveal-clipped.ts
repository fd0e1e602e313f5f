import type { PointerEvent } from 'react';

const CLIPPING = '.fmea-grid__cell-text, .fmea-grid__cell, .fmea-grid__header-text';

/**
 * A header or cell whose text the column width cuts off gets its whole text
 * as a tooltip when the pointer reaches it (cells with long plain text have
 * one already). Measured on hover, so nothing is measured while rendering.
 */
export function revealClipped(event: PointerEvent<HTMLElement>): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CLIPPING) : null;
  if (!target || target.querySelector('input, select')) return;
  // a tooltip set here is measured again (the text or the width may have changed); one from the grid stays
  const own = target.dataset.revealed === 'true';
  if (!own && target.closest('[title]')) return;
  const clipped = target.scrollWidth > target.clientWidth + 1 || target.scrollHeight > target.clientHeight + 1;
  const text = target.textContent?.trim();
  if (clipped && text) {
    target.title = text;
    target.dataset.revealed = 'true';
  } else if (own) {
    target.removeAttribute('title');
    delete target.dataset.revealed;
  }
}
