/// <reference lib="dom" />
/**
 * The browser half of `npm run bench:fta-layout -- --browser`, in Debian's Chromium (headless, software
 * rendering): a stored tree of 1,000 random basic events (the layout bench's), opened in the FTA tree page
 * at 1366×768, and
 * - navigation → the diagram drawn,
 * - frame times while the diagram is panned sideways by wheel events, one per animation frame, for 3 s
 *   (only the part in view is drawn, so each frame draws a few dozen nodes),
 * - one edit (a basic event added under the selected gate from the palette) → the new node drawn and in view,
 *   median of 5 (the layout of the whole tree again, then the visible part).
 */
import type { Page } from 'playwright-core';
import type { FtaDocument } from '@fmea/core/domain';
import { apiLogin } from '../tests/e2e/support/api.ts';
import { launchBrowser, openTab } from '../tests/e2e/support/browser.ts';
import { ensureWorkbenchBuilt } from '../tests/e2e/support/build.ts';
import { startSignedIn } from '../tests/e2e/support/flows.ts';
import { ADMIN_PASSWORD, ADMIN_USER, startServer } from '../tests/e2e/support/server.ts';
import { describeFrames, frameStats, median, type FrameStats } from './dfmea/report.ts';

export interface EditorFigures {
  drawnMs: number;
  nodesDrawn: number;
  pan: FrameStats;
  /** The same page's frames while nothing happens, in the same run. */
  idle: FrameStats;
  editMs: number;
}

/** Frame times for `seconds`, panning the diagram by a wheel event per frame, or (`pan` false) doing nothing: the floor. */
function panRun(page: Page, seconds: number, pan = true) {
  return page.evaluate(async ({ maxSeconds, pan }) => {
    const el = document.querySelector<HTMLElement>('.fta-canvas')!;
    const deltas: number[] = [];
    const started = performance.now();
    await new Promise<void>((resolve) => {
      let previous: number | undefined;
      const tick = (ts: number) => {
        if (previous !== undefined) deltas.push(ts - previous);
        previous = ts;
        if (ts - started > maxSeconds * 1000) return resolve();
        if (pan) el.dispatchEvent(new WheelEvent('wheel', { deltaX: 60, deltaY: 0, bubbles: true, cancelable: true }));
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await new Promise((r) => requestAnimationFrame(r));
    return deltas;
  }, { maxSeconds: seconds, pan });
}

export async function editorInBrowser(doc: FtaDocument): Promise<EditorFigures> {
  console.log(`\nworkbench ${await ensureWorkbenchBuilt()}; starting a server`);
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const admin = await apiLogin(server.baseURL, ADMIN_USER, ADMIN_PASSWORD);
    const created = await admin.post<{ id: string; version: number }>('/api/fta/create', { name: doc.name, missionTime: doc.missionTime });
    await admin.post('/api/fta/save', { id: created.id, version: created.version, document: doc });
    await admin.logout();
    const { page } = await openTab(browser, server.baseURL, { locale: 'en-US', width: 1366, height: 768 });
    await page.addInitScript('window.__name = (fn) => fn;');
    await startSignedIn(page, ADMIN_USER, ADMIN_PASSWORD);
    console.log(`Browser (Chromium ${browser.version()}, headless, --disable-gpu, 1366×768)`);

    const start = Date.now();
    await page.goto(`/main/ftaIndex/ftaTree?id=${created.id}`);
    await page.locator('[data-key="G1/0"], [data-testid="fta-diagram"] [data-key]').first().waitFor();
    const drawnMs = Date.now() - start;
    const nodesDrawn = await page.locator('[data-testid="fta-diagram"] [data-key]').count();

    const idle = frameStats(await panRun(page, 2, false));
    const pan = frameStats(await panRun(page, 3));

    const edits: number[] = [];
    for (let i = 0; i < 5; i++) {
      // back to where the tree opens (its top gate in view), and select the top gate
      await page.getByTestId('fta-relayout').click();
      await page.locator(`[data-key="${doc.top}"] > rect`).click();
      const t0 = Date.now();
      await page.getByTestId('fta-palette-basic').click();
      // the new event is selected and brought into view
      await page.locator('[data-testid="fta-diagram"] [data-selected][data-kind="basic"]').waitFor();
      edits.push(Date.now() - t0);
    }
    return { drawnMs, nodesDrawn, pan, idle, editMs: median(edits) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const describeEditor = (f: EditorFigures) =>
  [`  tree page opened → diagram drawn: ${f.drawnMs} ms, ${f.nodesDrawn} of the tree's nodes in the DOM`, `  pan for 3 s: ${describeFrames(f.pan)}`, `  idle for 2 s (floor): ${describeFrames(f.idle)}`, `  one edit → redrawn (median of 5): ${f.editMs} ms`].join('\n');
