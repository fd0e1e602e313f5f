/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** One thing on screen a user cannot read or reach. */
export interface LayoutFinding {
  kind: 'clipped' | 'cut-control' | 'broken-word' | 'wrapped-button' | 'page-overflow' | 'covered' | 'other-language';
  /** A short description of the element: tag, test id or class, and its text. */
  what: string;
}

/**
 * Looks for what the eye finds in a screenshot, so a sweep can list it:
 * text cut off with no way to read it (no title, no wrap), also when the box
 * that holds it does the cutting (a grid cell, a card); a button, link or
 * status tag cut off at all (a tooltip does not make "Dele…" a button one can
 * read at a glance); an English word broken across two lines ("Applica/nt");
 * buttons whose label wraps onto more lines, content wider than the window,
 * fixed elements (online-users button, toasts) covering a control, and in
 * English mode, Chinese text.
 */
export async function findLayoutProblems(page: Page, locale: 'zh-CN' | 'en-US'): Promise<LayoutFinding[]> {
  // tsx keeps function names with a helper the page does not have
  await page.evaluate('window.__name ??= (f) => f');
  return page.evaluate((lang) => {
    const findings: { kind: string; what: string }[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    };
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.getAttribute('data-column-id') ?? (typeof el.className === 'string' ? el.className.split(' ')[0] : '');
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${(el.textContent ?? '').trim().slice(0, 60)}"`;
    };
    const hasTitle = (el: Element) => !!el.closest('[title]');
    const ownText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '');

    for (const el of document.querySelectorAll('body *')) {
      if (!visible(el) || !ownText(el)) continue;
      const style = getComputedStyle(el);
      const clipsX = style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1;
      const clipsY = style.overflowY !== 'visible' && style.overflowY !== 'auto' && style.overflowY !== 'scroll' && el.scrollHeight > el.clientHeight + 2;
      if ((clipsX && style.overflowX !== 'auto' && style.overflowX !== 'scroll') || clipsY) {
        // a grid gives a clipped text its tooltip when the pointer reaches it: let it
        if (!hasTitle(el)) el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        if (!hasTitle(el)) findings.push({ kind: 'clipped', what: describe(el) });
      }
    }
    // cut by the box that holds it: the nearest ancestor that hides its overflow (a scroller lets one reach it)
    const CONTROL = 'button, a[href], [role="button"], [role="tab"], [data-status], .tag';
    const clipper = (el: Element): Element | null => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        return style.overflowX === 'auto' || style.overflowX === 'scroll' ? null : up;
      }
      return null;
    };
    const reported = new Set<Element>();
    for (const el of document.querySelectorAll('body *')) {
      if (!visible(el) || !ownText(el) || el.closest('svg')) continue;
      const box = clipper(el);
      if (!box) continue;
      const r = el.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      const inner = { left: b.left + parseFloat(style.borderLeftWidth), right: b.right - parseFloat(style.borderRightWidth) };
      if (r.right <= inner.right + 1 && r.left >= inner.left - 1) continue;
      // a control cut by what holds it; one that shortens its own label with an ellipsis is text like any other (a title helps)
      const control = el.closest(CONTROL);
      if (control && box !== control && box.contains(control)) {
        if (!reported.has(control)) findings.push({ kind: 'cut-control', what: describe(control) });
        reported.add(control);
        continue;
      }
      if (!hasTitle(el)) el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      if (!hasTitle(el)) findings.push({ kind: 'clipped', what: describe(el) });
    }
    // a label on more than one line: one of its text nodes has line boxes with more than one top
    const range = document.createRange();
    const wraps = (text: Node) => {
      range.selectNodeContents(text);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1;
    };
    // names shown as buttons (tree nodes, mind-map boxes) wrap on purpose; action labels may not
    const CONTENT_BUTTON = '[role="tree"] *, .btn-wrap, .dfmea-map-box';
    for (const el of document.querySelectorAll('button, .btn, [role="tab"]')) {
      if (!visible(el) || el.matches(CONTENT_BUTTON)) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if ((node.textContent ?? '').trim() !== '' && wraps(node)) {
          findings.push({ kind: 'wrapped-button', what: describe(el) });
          break;
        }
      }
    }
    // an English word of a label split over two lines (a header too narrow for it): names and texts may wrap anywhere
    const LABEL = 'button, label, [role="tab"], [role="columnheader"], th, h1, h2, h3, h4, legend, .btn';
    if (lang === 'en-US') {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !parent.closest(LABEL) || parent.closest('[data-user-content]') || !visible(parent)) continue;
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/[A-Za-z][A-Za-z'’]{2,}/g)) {
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1) {
            findings.push({ kind: 'broken-word', what: `${describe(parent)}: ${word[0]}` });
            break;
          }
        }
      }
    }
    if (document.documentElement.scrollWidth > innerWidth + 1) {
      findings.push({ kind: 'page-overflow', what: `page is ${document.documentElement.scrollWidth}px wide in a ${innerWidth}px window` });
    }
    // the part of an element one can see: its box cut by every ancestor that hides or scrolls its overflow
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      let box = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const u = up.getBoundingClientRect();
        box = { left: Math.max(box.left, u.left), right: Math.min(box.right, u.right), top: Math.max(box.top, u.top), bottom: Math.min(box.bottom, u.bottom) };
      }
      return box.right > box.left && box.bottom > box.top ? box : null;
    };
    const fixed = [...document.querySelectorAll('.online-fab, .toast')].filter(visible);
    // a control scrolled out of its grid is not on screen, so nothing covers it
    const controls = [...document.querySelectorAll('button, select, input, a[href], [role="button"], [role="tab"]')].filter((el) => visible(el) && shown(el));
    for (const cover of fixed) {
      const c = cover.getBoundingClientRect();
      for (const control of controls) {
        if (cover.contains(control) || control.contains(cover) || control.closest('.toaster, [role="dialog"]')) continue;
        const r = shown(control)!;
        if (r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top) findings.push({ kind: 'covered', what: `${describe(control)} under ${describe(cover)}` });
      }
    }
    // stored data (names, texts in grid cells, trees, what a form field holds) may be Chinese in English mode; labels may not
    const USER_CONTENT = '[data-user-content], [role="gridcell"], [role="treeitem"], textarea, .avatar, .user-name, [lang="zh-CN"]';
    if (lang === 'en-US') {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const parent = node.parentElement;
        // user content (names, descriptions) may be Chinese; the language switch shows both names on purpose
        if (!parent || !/[\u4e00-\u9fff]/.test(text) || !visible(parent) || parent.closest(USER_CONTENT)) continue;
        findings.push({ kind: 'other-language', what: describe(parent) });
      }
    }
    return findings as LayoutFinding[];
  }, locale);
}
