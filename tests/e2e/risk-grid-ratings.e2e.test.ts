/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName, type ApiSession } from './support/api.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Rg7#qW2!mK9$zR';
const RATING_MESSAGE = 'A rating is a whole number from 1 to 10.';

/**
 * One effect over two modes: "Worn" and "Broken" cause the first, "Loose" and
 * again "Worn" the second, so S is shared by four chains and "Worn"'s O and D
 * by two.
 */
async function sharedNet(session: ApiSession, pptSerial: string) {
  const gearbox = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: pptSerial, name: 'Gearbox' });
  const gear = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: 'Gear' });
  const close = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: pptSerial, description: 'Close window' });
  const torque = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque' });
  const mesh = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: 'Mesh with worm' });
  const effect = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: 'Window does not close', severity: 7 });
  const noTorque = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'No torque' });
  const slips = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'Torque slips' });
  const cause = (description: string, occurrence: number) =>
    session.post<{ id: string }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description, occurrence, det: 4 });
  const worn = await cause('Teeth worn', 5);
  const broken = await cause('Teeth broken', 3);
  const loose = await cause('Seat loose', 2);
  const links: [string, string][] = [
    [effect.id, noTorque.id],
    [effect.id, slips.id],
    [noTorque.id, worn.id],
    [noTorque.id, broken.id],
    [slips.id, loose.id],
    [slips.id, worn.id],
  ];
  for (const [higherFailureId, lowerFailureId] of links) await session.post('/api/fmea/linkFailures', { higherFailureId, lowerFailureId });
}

interface GridRow {
  severity: number | null;
  occurrence: number | null;
  cause: { description: string } | null;
}

const rows = (page: Page) => page.locator('.dfmea-risk [role="row"][data-row-key]');
const cellOf = (page: Page, cause: string, column: string): Locator => rows(page).filter({ hasText: cause }).first().locator(`[data-column-id="${column}"]`);
/** The element is what the user sees at its own centre: nothing (the next row) paints over it. */
const onTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && el.contains(hit);
  });
const columnTexts = async (page: Page, column: string) => (await page.locator(`.dfmea-risk [data-row-key] [data-column-id="${column}"]`).allInnerTexts()).map((t) => t.trim());

describe('rating in the risk grid', () => {
  it('refuses what is no rating, says how many rows a rating applies to, and asks before clearing a shared one', async () => {
    const role = await asAdmin(env.baseURL, (admin) =>
      createRole(admin, uniqueName('rg-role'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export', 'import'] }]),
    );
    const userName = uniqueName('rg');
    const user = await createReadyUser(env.baseURL, { userName, realName: 'Rater', password: PASSWORD, roleIds: [role.id] });
    const session = await apiLogin(env.baseURL, userName, PASSWORD);
    const project = await session.post<{ id: string; pptSerial: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: uniqueName('Shared ratings '),
      projectMembers: [{ userId: user.id, userRole: 0 }],
    });
    await sharedNet(session, project.pptSerial);
    await session.logout();
    // read back by the administrator: a second sign-in of the rater would end the browser's session
    const stored = () => asAdmin(env.baseURL, async (admin) => (await admin.get<{ items: GridRow[] }>(`/api/fmea/riskGrid?projectId=${project.id}`)).items);

    const { page } = await env.open({ width: 1600, height: 900 });
    await startSignedIn(page, userName, PASSWORD);
    await chooseLanguage(page, 'English');
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${project.id}&rightType=risk`);
    await rows(page).nth(3).waitFor();
    expect(await rows(page).count()).toBe(4);
    expect(await columnTexts(page, 'severity')).toEqual(['7', '7', '7', '7']);

    // the editor says, before anything is saved, that S reaches every chain of the effect
    const severity = cellOf(page, 'Teeth broken', 'severity');
    await severity.dblclick();
    const input = severity.locator('input');
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    expect(await textOf(page.getByTestId('grid-editor-hint'))).toBe('Applies to 4 rows: S belongs to the failure effect');
    expect(await onTop(page.getByTestId('grid-editor-hint'))).toBe(true);

    // "abc" and "11" are refused with the message; the stored value stays on every row
    for (const typed of ['abc', '11']) {
      await input.fill(typed);
      await input.press('Enter');
      expect(await textOf(severity.getByRole('alert'))).toBe(RATING_MESSAGE);
      expect(await onTop(severity.getByRole('alert'))).toBe(true);
      expect(await input.inputValue()).toBe(typed);
    }
    await input.press('Escape');
    expect(await columnTexts(page, 'severity')).toEqual(['7', '7', '7', '7']);
    expect((await stored()).map((r) => r.severity)).toEqual([7, 7, 7, 7]);

    // clearing a shared S asks; cancelling keeps everything, without an error
    await severity.dblclick();
    await input.fill('');
    await input.press('Enter');
    const dialog = page.getByTestId('confirm-dialog');
    expect(await textOf(dialog.locator('.dialog-title'))).toBe('Clear the rating on 4 rows?');
    expect(await textOf(dialog.locator('.dialog-body'))).toBe('S of the failure effect “Window does not close” is cleared on all 4 rows that share it; their AP and RPN become empty.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await columnTexts(page, 'severity')).toEqual(['7', '7', '7', '7']);
    expect(await page.locator('.toast-error, .fmea-grid__save-error').count()).toBe(0);
    expect((await stored()).map((r) => r.severity)).toEqual([7, 7, 7, 7]);

    // accepting clears S, AP and RPN on all four rows
    await severity.dblclick();
    await input.fill('');
    await input.press('Enter');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => columnTexts(page, 'severity'), { timeout: 10_000 }).toEqual(['', '', '', '']);
    expect(await columnTexts(page, 'ap')).toEqual(['', '', '', '']);
    expect(await columnTexts(page, 'rpn')).toEqual(['', '', '', '']);
    await expect.poll(async () => (await stored()).map((r) => r.severity), { timeout: 10_000 }).toEqual([null, null, null, null]);

    // a new S needs no question and reaches every row
    await severity.dblclick();
    await input.fill('8');
    await input.press('Enter');
    await expect.poll(() => columnTexts(page, 'severity'), { timeout: 10_000 }).toEqual(['8', '8', '8', '8']);
    expect(await dialog.count()).toBe(0);

    // Delete on a shared O asks as well; a cause on one chain has no hint
    const occurrence = cellOf(page, 'Teeth worn', 'occurrence');
    await occurrence.click();
    await page.keyboard.press('Delete');
    expect(await textOf(dialog.locator('.dialog-title'))).toBe('Clear the rating on 2 rows?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rows(page).filter({ hasText: 'Teeth worn' }).locator('[data-column-id="occurrence"]').allInnerTexts()).map((t) => t.trim())).toEqual(['5', '5']);
    const lone = cellOf(page, 'Teeth broken', 'occurrence');
    await lone.dblclick();
    expect(await lone.locator('input').inputValue()).toBe('3');
    expect(await page.getByTestId('grid-editor-hint').count()).toBe(0);
    await lone.locator('input').press('Escape');
    expect((await stored()).filter((r) => r.cause?.description === 'Teeth worn').map((r) => r.occurrence)).toEqual([5, 5]);
  });
});
