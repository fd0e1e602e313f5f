import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { asAdmin, createAdministrator, uniqueName } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();

/** The tree's rows as [level, part number, quantity]. */
const rowsOf = (page: Page) =>
  page
    .getByTestId('bom-tree')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute('aria-level')), r.querySelector('td')?.textContent?.trim(), r.querySelectorAll('td')[3]?.textContent?.trim()]));

const row = (page: Page, partNum: string) => page.getByTestId('bom-tree').locator('tbody tr', { has: page.locator('td:first-child', { hasText: partNum }) });

async function fillPart(page: Page, values: { partNum?: string; partName?: string; quantity?: string }) {
  const dialog = page.getByRole('dialog');
  if (values.partNum !== undefined) await dialog.locator('input[name="partNum"]').fill(values.partNum);
  if (values.partName !== undefined) await dialog.locator('input[name="partName"]').fill(values.partName);
  if (values.quantity !== undefined) await dialog.locator('input[name="quantity"]').fill(values.quantity);
  await dialog.getByTestId('bom-part-save').click();
}

/**
 * Correcting a BOM in place (docs/domain/bom.md): a quality engineer starts
 * a product's BOM by adding its first part, adds a sub-part, is told a
 * sub-part of that number already exists, edits one, moves one and deletes a
 * part with its sub-parts after a confirmation that says how many go.
 */
describe('the BOM’s parts edited on the page', () => {
  it('adds, refuses a twin, edits, moves and deletes parts with their sub-parts', async () => {
    const admin = await createAdministrator(env.baseURL);
    const productNum = uniqueName('PA-PARTS-');
    await asAdmin(env.baseURL, (api) => api.post('/api/mainData/product/saveOrUpdate', { serialNum: productNum, values: { productName: 'Seat', enProductName: 'Seat' } }));
    const { page } = await env.open({ locale: 'en-US', width: 1440, height: 900 });
    await startSignedIn(page, admin.userName, admin.password, '/main/product/bom');
    await page.getByTestId('bom-product').fill(productNum);
    await page.getByTestId('bom-product').press('Enter');
    await page.getByText('This product has no BOM yet').waitFor();

    // the first part starts the BOM
    await page.getByTestId('bom-add').click();
    await fillPart(page, { partNum: 'S-100', partName: 'Frame', quantity: '1' });
    await expect.poll(() => rowsOf(page)).toEqual([[1, 'S-100', '1']]);
    await row(page, 'S-100').getByTestId('bom-part-add').click();
    await fillPart(page, { partNum: 'S-110', partName: 'Rail', quantity: '2' });
    await page.getByTestId('bom-add').click();
    await fillPart(page, { partNum: 'S-200', partName: 'Cushion', quantity: '1' });
    await expect.poll(() => rowsOf(page)).toEqual([[1, 'S-100', '1'], [2, 'S-110', '2'], [1, 'S-200', '1']]);

    // the same number under the same parent is refused under the part number, the dialog stays open
    await row(page, 'S-100').getByTestId('bom-part-add').click();
    await fillPart(page, { partNum: 's-110', partName: 'Rail', quantity: '1' });
    const dialog = page.getByRole('dialog');
    await expect.poll(() => textOf(dialog.locator('.field-message'))).toBe('Sub-part already exists: part number “s-110” is already under the same parent');
    await screenshot(page, 'bom-part-twin-en-US');
    await dialog.locator('input[name="partNum"]').fill('S-120');
    await dialog.getByTestId('bom-part-save').click();
    await dialog.waitFor({ state: 'hidden' });

    // edit a quantity; move the rail under the cushion
    await row(page, 'S-110').getByTestId('bom-part-edit').click();
    await fillPart(page, { quantity: '4' });
    // the move starts from the saved part (its new version), not while the edit is still on its way
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => rowsOf(page)).toContainEqual([2, 'S-110', '4']);
    await row(page, 'S-110').getByTestId('bom-part-move').click();
    await page.getByTestId('bom-move-parent').selectOption({ label: 'S-200 Cushion' });
    await page.getByTestId('bom-move-save').click();
    await expect.poll(() => rowsOf(page)).toEqual([[1, 'S-100', '1'], [2, 'S-120', '1'], [1, 'S-200', '1'], [2, 'S-110', '4']]);

    // the frame goes with its sub-part once the confirmation says so
    await row(page, 'S-100').getByTestId('bom-part-delete').click();
    const confirmDialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => textOf(confirmDialog)).toContain('Delete part S-100 with its 1 sub-part? 2 parts go.');
    await confirmDialog.locator('.dialog-actions button').last().click();
    await expect.poll(() => rowsOf(page)).toEqual([[1, 'S-200', '1'], [2, 'S-110', '4']]);
    await screenshot(page, 'bom-parts-en-US');
  });
});
