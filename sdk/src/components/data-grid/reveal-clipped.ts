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
  const own = target.dataset.revealed !== undefined;
  if (!own && target.closest('[title]')) return;
  const clipped = target.scrollWidth > target.clientWidth + 1 || target.scrollHeight > target.clientHeight + 1;
  const text = target.textContent?.trim();
  if (clipped && text) {
    target.title = text;
    target.dataset.revealed = text;
  } else if (own) {
    target.removeAttribute('title');
    delete target.dataset.revealed;
  }
}

/**
 * A row element that now shows another row (virtual rows reuse their elements) drops the tooltips set
 * here for the row it showed: the pointer sets them again. A title the grid has set since (a long text of
 * the new row) differs from the revealed text and stays.
 */
export function forgetRevealed(row: HTMLElement): void {
  for (const element of row.querySelectorAll<HTMLElement>('[data-revealed]')) {
    if (element.getAttribute('title') === element.dataset.revealed) element.removeAttribute('title');
    delete element.dataset.revealed;
  }
}
