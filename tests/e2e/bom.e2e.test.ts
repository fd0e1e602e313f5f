import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { asAdmin, createAdministrator, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();

/** A window lifter's BOM over three levels: [level, part number, name, English name, quantity, unit]. */
const PARTS: [number, string, string, string, number, string][] = [
  [1, 'WL-100', '驱动电机总成', 'Drive motor assembly', 1, 'pcs'],
  [2, 'WL-110', '齿轮箱', 'Gearbox', 1, 'pcs'],
  [3, 'WL-111', '蜗轮', 'Worm wheel', 1, 'pcs'],
  [3, 'WL-112', '蜗杆', 'Worm', 1, 'pcs'],
  [2, 'WL-120', '电枢', 'Armature', 1, 'pcs'],
  [1, 'WL-200', '导轨', 'Guide rail', 2, 'pcs'],
];

/** The BOM sheet as a planner would type it, English headers. */
async function bomFile(dir: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('BOM');
  sheet.addRow(['Level', 'Part number', 'Part name', 'English name', 'Quantity', 'Unit']);
  for (const part of PARTS) sheet.addRow(part);
  const file = join(dir, 'window-lifter-bom.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

/** A tree (role tree, nested treeitems with a button each) as indented lines of its labels. */
const outline = (tree: Locator) =>
  tree.evaluate((root) => {
    const lines: string[] = [];
    const walk = (list: Element, depth: number) => {
      for (const item of Array.from(list.children).filter((c) => c.getAttribute('role') === 'treeitem')) {
        lines.push(`${'  '.repeat(depth)}${item.querySelector(':scope > button')?.textContent?.trim() ?? ''}`);
        const group = item.querySelector(':scope > [role="group"]');
        if (group) walk(group, depth + 1);
      }
    };
    walk(root, 0);
    return lines;
  });

/**
 * BOMs in the browser (spec 001 §1, §5; docs/domain/bom.md): an
 * administrator finds a new product in the master data BOM page's picker, imports its
 * three-level BOM and sees the tree; then generates a DFMEA structure from it
 * and the structure tree holds the BOM's assemblies and parts.
 */
describe('the BOM and the DFMEA structure from it', () => {
  it('imports a three-level BOM for a product and generates the DFMEA structure tree from it', async () => {
    const admin = await createAdministrator(env.baseURL);
    const productNum = uniqueName('PA-E2E-');
    const productName = uniqueName('Window lifter ');
    await asAdmin(env.baseURL, (api) => api.post('/api/mainData/product/saveOrUpdate', { serialNum: productNum, values: { productName, enProductName: productName } }));
    const file = await bomFile(mkdtempSync(join(tmpdir(), 'bom-e2e-')));

    const { page } = await env.open({ locale: 'en-US', width: 1440, height: 900 });
    await startSignedIn(page, admin.userName, admin.password, '/main/product/bom');
    const bomPage = page.getByTestId('bom-page');
    await bomPage.waitFor();

    // the picker searches every product: the new one is offered by its name, marked as having no BOM yet
    const picker = page.getByTestId('bom-product');
    await picker.fill(productName);
    const offered = page.getByRole('option', { name: `${productNum} ${productName}` });
    await expect.poll(() => textOf(offered)).toBe(`${productNum} ${productName} no BOM yet`);
    await offered.click();
    await bomPage.getByText('This product has no BOM yet').waitFor();
    expect(await picker.inputValue()).toBe(`${productNum} ${productName}`);
    await page.getByTestId('bom-import').click();
    const dialog = page.getByRole('dialog');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose file' }).click()]);
    await chooser.setFiles(file);
    await expect.poll(() => textOf(dialog.getByTestId('bom-import-file'))).toBe('window-lifter-bom.xlsx');
    await dialog.getByTestId('bom-import-send').click();
    await dialog.waitFor({ state: 'hidden' });

    // the tree: every part at its level, under the BOM's heading
    const tree = page.getByTestId('bom-tree');
    await expect.poll(() => tree.locator('tbody tr').count()).toBe(PARTS.length);
    const shown = await tree.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute('aria-level')), r.querySelector('td')?.textContent?.trim()]));
    expect(shown).toEqual(PARTS.map(([level, num]) => [level, num]));
    const heading = await textOf(page.getByTestId('bom-header'));
    expect(heading).toMatch(new RegExp(`^BOM PB\\d+ of ${productNum} ${productName}: 6 parts$`));
    const bomNum = /PB\d+/.exec(heading)![0];
    await screenshot(page, 'bom-tree-en-US');

    // after a reload the picker offers it with its BOM; picked, the field shows it
    await page.reload();
    await picker.fill(productNum);
    await expect.poll(() => textOf(offered)).toBe(`${productNum} ${productName} BOM ${bomNum}, 6 parts`);
    await screenshot(page, 'bom-picker-en-US');
    await offered.click();
    await expect.poll(() => tree.locator('tbody tr').count()).toBe(PARTS.length);
    expect(await picker.inputValue()).toBe(`${productNum} ${productName}`);
    await chooseLanguage(page, '中文');
    await expect.poll(() => textOf(page.getByTestId('bom-header'))).toBe(`${productNum} ${productName} 的 BOM ${bomNum}：共 6 个零件`);
    await screenshot(page, 'bom-tree-zh-CN');

    // a new DFMEA: the structure step generates its tree from the BOM
    const projectName = uniqueName('车窗升降器 DFMEA ');
    await page.goto('/main/dfmea');
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('dfmea-name').fill(projectName);
    await page.getByTestId('dfmea-save').click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    const structure = page.getByTestId('dfmea-tree');
    await structure.getByRole('button', { name: projectName, exact: true }).waitFor();
    await page.getByTestId('dfmea-generate-from-bom').click();
    const generate = page.getByRole('dialog');
    await generate.getByTestId('bom-generate-search').fill(productNum);
    // the product's whole line in view: number, name, BOM number and part count
    const product = generate.getByTestId('bom-generate-product').locator('label', { hasText: productNum });
    await expect.poll(async () => (await textOf(product)).replace(/\s+/g, ' ')).toBe(`${productNum} ${productName} ${bomNum}，共 6 个零件`);
    await product.click();
    expect(await product.getByRole('radio').isChecked()).toBe(true);
    await screenshot(page, 'bom-generate-zh-CN');
    await generate.getByTestId('bom-generate-confirm').click();
    await generate.waitFor({ state: 'hidden' });

    // the product's node holds the BOM's assemblies with their parts, in the BOM's order
    const expected = [projectName, ...PARTS.map(([level, , name]) => `${'  '.repeat(level)}${name}`)];
    await expect.poll(() => outline(structure)).toEqual(expected);
    await screenshot(page, 'bom-structure-zh-CN');
  });
});
