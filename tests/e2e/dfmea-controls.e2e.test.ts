import { describe, expect, it } from 'vitest';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName, type ApiSession } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { startSignedIn } from './support/flows.ts';
import { textOf, useBrowser } from './support/suite.ts';

const env = useBrowser();
const PASSWORD = 'Ctl7#rIsk2!kB9$';

interface CatalogRow {
  id: string;
  version: number;
  serialNum: string;
  versionNo: number;
}

/** A prevention measure written and taken through audit and approval to release by the setup administrator. */
async function releasedPreventionMeasure(admin: ApiSession, text: string): Promise<CatalogRow> {
  const base = '/api/knowledge/occMeasure';
  const draft = await admin.post<CatalogRow>(`${base}/saveOrUpdate`, { values: { measureDesc: text, enMeasureDesc: text } });
  const applied = await admin.post<CatalogRow>(`${base}/apply`, { id: draft.id, version: draft.version });
  const audited = await admin.post<CatalogRow>(`${base}/audit`, { id: draft.id, version: applied.version, opinion: 'e2e setup' });
  return admin.post<CatalogRow>(`${base}/approve`, { id: draft.id, version: audited.version });
}

/**
 * The risk grid's control editor (docs/domain/catalog.md, "Controls in the
 * risk grid"): from a chain's prevention cell the engineer picks a released
 * prevention measure from the catalog's suggestions (the control cites it,
 * marked with its number and version), writes another control by hand and
 * pushes it to knowledge (marked under review); the grid shows both.
 */
describe('controls in the risk grid', () => {
  it('cites a catalog prevention measure picked in the control editor and pushes a hand-written control to knowledge', async () => {
    const tag = uniqueName('ctl');
    const catalogText = `Design guideline DG-12 ${tag}`;
    const handText = `Torque test ${uniqueName('hw')}`;
    const engineerName = uniqueName('ctl.engineer');
    const { record, role } = await asAdmin(env.baseURL, async (admin) => ({
      record: await releasedPreventionMeasure(admin, catalogText),
      role: await createRole(admin, uniqueName('ctl-engineer'), [
        { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] },
        'knowledge_index',
        // pushing a control proposes a prevention measure: add and edit on its catalog
        { routeName: 'occmeasure_index', buttons: ['add', 'edit'] },
      ]),
    }));
    const engineer = await createReadyUser(env.baseURL, { userName: engineerName, realName: '孙工程师', password: PASSWORD, roleIds: [role.id] });

    // a chain FM–FC, written through the API (the analysis is not under test)
    const session = await apiLogin(env.baseURL, engineerName, PASSWORD);
    const project = await session.post<{ id: string; pptSerial: string }>('/api/project/save', { projectType: 'dfmea', name: uniqueName('Window lifter '), projectMembers: [{ userId: engineer.id, userRole: 0 }] });
    const gearbox = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    const gear = await session.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: 'Gear' });
    const torque = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque' });
    const mesh = await session.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: 'Mesh with worm' });
    const mode = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'No torque' });
    const cause = await session.post<{ id: string }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: 'Teeth worn' });
    await session.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
    await session.logout();

    const { page } = await env.open({ locale: 'en-US', width: 1440, height: 900 });
    await startSignedIn(page, engineerName, PASSWORD, `/main/dfmea/dfmeaProject?projectId=${project.id}`);
    await page.getByTestId('dfmea-tab-risk').click();
    const prevention = page.locator('.dfmea-risk [data-row-key] [data-column-id="prevention"]').first();
    await prevention.getByTestId('controls-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No controls of this kind yet.').waitFor();

    // the catalog's measure is suggested first, with its number and version; picking it cites it
    await dialog.getByTestId('control-add').click();
    const description = dialog.getByRole('combobox');
    await description.pressSequentially(tag);
    const option = page.getByRole('option').filter({ hasText: catalogText });
    await option.waitFor();
    expect(await textOf(option.locator('[data-suggestion-source]'))).toBe(`Catalog ${record.serialNum} v1`);
    await option.click();
    await dialog.getByTestId('control-save').click();
    const cited = dialog.getByTestId('control-item').filter({ hasText: catalogText });
    await expect.poll(() => textOf(cited.getByTestId('catalog-mark'))).toBe(`[Catalog ${record.serialNum} v1]`);
    expect(await cited.getByRole('button', { name: 'Push to knowledge' }).count()).toBe(0);

    // a control written by hand goes to the knowledge base for review
    await dialog.getByTestId('control-add').click();
    await dialog.getByRole('combobox').fill(handText);
    await dialog.getByTestId('control-save').click();
    const hand = dialog.getByTestId('control-item').filter({ hasText: handText });
    await hand.getByRole('button', { name: 'Push to knowledge' }).click();
    const confirmDialog = page.getByTestId('confirm-dialog');
    expect(await textOf(confirmDialog)).toContain(handText);
    await confirmDialog.locator('.dialog-actions button').last().click();
    await expect.poll(() => textOf(hand.getByTestId('catalog-mark'))).toMatch(/^\[Catalog PR\d+ v1 · under review\]$/);
    await screenshot(page, 'dfmea-controls-editor-en-US');

    // closed: the grid shows both controls in their order, then the catalog version each cites as the analysis marks it
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => prevention.innerText()).toMatch(new RegExp(`^${catalogText}; ${handText}\\[Catalog ${record.serialNum} v1\\]\\[Catalog PR\\d+ v1 · under review\\]$`));
    expect((await prevention.getByTestId('catalog-mark').allInnerTexts()).map((t) => t.trim())).toEqual([
      `[Catalog ${record.serialNum} v1]`,
      expect.stringMatching(/^\[Catalog PR\d+ v1 · under review\]$/),
    ]);
    const analysis = await asAdmin(env.baseURL, (admin) => admin.get<{ controls: { description: string; catalogRecordId: string | null }[] }>(`/api/fmea/analysis?projectId=${project.id}`));
    expect(analysis.controls.find((c) => c.description === catalogText)?.catalogRecordId).toBe(record.id);
    expect(analysis.controls.find((c) => c.description === handText)?.catalogRecordId).not.toBeNull();
  });
});
