import { existsSync } from 'node:fs';
import { UsageError } from '../errors.ts';

/**
 * Prints an HTML document to PDF through a headless Chromium (docs/decisions/report-printing.md): the
 * browser's own layout engine, so tables page with their header rows repeated and Chinese text uses the
 * system's fonts. The Chromium is the system's (`--chromium`, FMEA_CHROMIUM, default /usr/bin/chromium),
 * driven by playwright-core; without one the command says so instead of failing somewhere inside.
 */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export function chromiumPath(option: string | undefined): string {
  const path = option ?? process.env.FMEA_CHROMIUM ?? DEFAULT_CHROMIUM;
  if (!existsSync(path)) throw new UsageError('cli.report.no_chromium', { path });
  return path;
}

export async function printPdf(html: string, executablePath: string): Promise<Uint8Array> {
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    throw new UsageError('cli.report.no_playwright', {});
  }
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true, preferCSSPageSize: true, displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: '<div style="font-size:8px;width:100%;text-align:center"><span class="pageNumber"></span> / <span class="totalPages"></span></div>' });
    return new Uint8Array(pdf);
  } finally {
    await browser.close();
  }
}
