import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { apiLogin, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

const env = useBrowser();

describe('FMEA templates', () => {
  it('saves a structure node as a template, makes a project from it, and the new project holds the copied analysis', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('fmea-tpl'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const password = 'Tp7#qW2!mK9$zR';
    const engineer = uniqueName('tpleng');
    const user = await createReadyUser(env.baseURL, { userName: engineer, realName: 'Template engineer', password, roleIds: [role.id] });

    // a window lifter with one chain, written through the API
    const api = await apiLogin(env.baseURL, engineer, password);
    const project = await api.post<{ id: string; pptSerial: string }>('/api/project/save', { projectType: 'dfmea', name: uniqueName('Window lifter '), projectMembers: [{ userId: user.id, userRole: 0 }] });
    const gearbox = await api.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    const gear = await api.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: 'Gear' });
    const torque = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque' });
    const mesh = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: 'Mesh with worm' });
    const mode = await api.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'No torque transmitted' });
    const cause = await api.post<{ id: string }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: 'Teeth worn', occurrence: 6, det: 5 });
    await api.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });

    const { page } = await env.open({ width: 1500, height: 900, locale: 'en-US' });
    await startSignedIn(page, engineer, password, `/main/dfmea/dfmeaProject?projectId=${project.id}`);
    const tree = page.getByTestId('dfmea-tree');
    await tree.waitFor();

    // a leaf cannot be saved: the button says why
    await tree.getByRole('button', { name: 'Gear', exact: true }).click();
    expect(await page.getByTestId('reuse-save-template').isDisabled()).toBe(true);

    // the gearbox with its gear becomes a template
    await tree.getByRole('button', { name: 'Gearbox', exact: true }).click();
    await page.getByTestId('reuse-save-template').click();
    const templateName = uniqueName('Worm gearbox ');
    await page.getByTestId('reuse-template-name').fill(templateName);
    await screenshot(page, 'fmea-template-save');
    await page.getByTestId('reuse-template-save').click();
    await page.getByTestId('reuse-template-name').waitFor({ state: 'detached' });

    // the templates page, reached from the project list, lists it with where it came from
    await page.goto('/main/dfmea');
    await page.getByTestId('dfmea-project-list').waitFor();
    await page.getByTestId('fmea-templates-link').click();
    await waitForPath(page, '/main/dfmea/templates');
    const row = page.getByTestId('fmea-templates').getByRole('row').filter({ hasText: templateName });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toMatch(/TD\d+/);
    expect(rowText).toContain('Template engineer');
    expect(rowText).toContain('Node with subnodes');
    // private until its project's responsible person (here its saver) publishes it
    expect(rowText).toContain('Private (not published)');
    await row.getByTestId('template-publish').click();
    await page.getByTestId('template-scope').selectOption('all');
    await screenshot(page, 'fmea-template-publish');
    await page.getByTestId('template-publish-save').click();
    await page.getByTestId('template-scope').waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('Every site');
    await screenshot(page, 'fmea-templates');

    // a new project from it opens with the copied structure and analysis
    await row.getByTestId('template-new-project').click();
    const newName = uniqueName('Tailgate lifter ');
    await page.getByTestId('template-project-name').fill(newName);
    await page.getByTestId('template-project-save').click();
    await page.getByTestId('dfmea-project').waitFor();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    expect(new URL(page.url()).searchParams.get('projectId')).not.toBe(project.id);
    expect(await page.locator('.dfmea-project-name').innerText()).toBe(newName);
    const copied = page.getByTestId('dfmea-tree');
    await copied.getByRole('button', { name: 'Gearbox', exact: true }).waitFor();
    await copied.getByRole('button', { name: 'Gear', exact: true }).waitFor();
    await page.getByTestId('dfmea-tab-risk').click();
    const risk = page.getByTestId('dfmea-panel-risk');
    await risk.getByText('Teeth worn').first().waitFor();
    await risk.getByText('No torque transmitted').first().waitFor();
    await screenshot(page, 'fmea-template-project');
  });

  it('a family FMEA makes a variant; the variant shows where its ratings deviate and what the family gained, and takes the family’s over', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('fmea-fam'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const password = 'Fm7#qW2!mK9$zR';
    const engineer = uniqueName('fameng');
    const user = await createReadyUser(env.baseURL, { userName: engineer, realName: 'Family engineer', password, roleIds: [role.id] });
    const api = await apiLogin(env.baseURL, engineer, password);
    const family = await api.post<{ id: string; pptSerial: string; name: string }>('/api/project/save', { projectType: 'family', name: uniqueName('Lifter family '), projectMembers: [{ userId: user.id, userRole: 0 }] });
    const gearbox = await api.post<{ id: string }>('/api/fmea/addNode', { parentId: family.pptSerial, name: 'Gearbox' });
    const gear = await api.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: 'Gear' });
    const torque = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque' });
    const mesh = await api.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: 'Mesh with worm' });
    const mode = await api.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'No torque transmitted' });
    const cause = await api.post<{ id: string }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: 'Teeth worn', occurrence: 6, det: 5 });
    await api.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });

    const { page } = await env.open({ width: 1500, height: 900, locale: 'en-US' });
    await startSignedIn(page, engineer, password, `/main/dfmea/dfmeaProject?projectId=${family.id}`);
    await page.getByTestId('family-variants-open').click();
    const variantName = uniqueName('Coupé lifter ');
    await page.getByTestId('family-variant-name').fill(variantName);
    await page.getByTestId('family-variant-create').click();
    await expect.poll(() => page.locator('.dfmea-project-name').innerText()).toBe(variantName);
    const variantId = new URL(page.url()).searchParams.get('projectId')!;
    expect(variantId).not.toBe(family.id);

    // the variant rates the cause locally; the family gains a cause (through the browser's own session: one session per account)
    const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      page.evaluate(
        async ([m, p, b]) => {
          const res = await fetch(p as string, { method: m as string, headers: { token: sessionStorage.getItem('token') ?? '', 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
          return ((await res.json()) as { data: any }).data;
        },
        [method, path, body] as const,
      );
    const grid = await call('GET', `/api/fmea/riskGrid?projectId=${variantId}`);
    await call('POST', '/api/fmea/updateFailure', { id: grid.items[0].cause.id, version: grid.items[0].cause.version, occurrence: 3 });
    await call('POST', '/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: 'Teeth cracked', occurrence: 4, det: 6 });

    await page.getByTestId('family-deviations-open').click();
    const ratings = page.getByTestId('family-rating-deviations');
    const row = ratings.getByRole('row').filter({ hasText: 'Teeth worn' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Occurrence[\s\S]*6[\s\S]*3/);
    const gained = page.getByTestId('family-gained').getByRole('row').filter({ hasText: 'Teeth cracked' });
    await gained.waitFor();
    await screenshot(page, 'family-deviations');
    await row.getByRole('button', { name: 'Take over from family' }).click();
    await row.waitFor({ state: 'detached' });
    await gained.getByRole('button', { name: 'Take over from family' }).click();
    await gained.waitFor({ state: 'detached' });
    await page.getByTestId('family-deviations').getByText('The family has nothing this variant lacks.').waitFor();
    const after = await call('GET', `/api/familyFmea/deviations?projectId=${variantId}`);
    expect(after).toMatchObject({ ratings: [], gained: [] });
  });

  it('copy is the owner’s (others see it disabled with why); a creator who names another owner confirms and then only reads the project', async () => {
    const role = await asAdmin(env.baseURL, (admin) => createRole(admin, uniqueName('fmea-own'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]));
    const password = 'Ow7#qW2!mK9$zR';
    const creatorName = uniqueName('creator');
    const creator = await createReadyUser(env.baseURL, { userName: creatorName, realName: 'Creating engineer', password, roleIds: [role.id] });
    const colleagueName = uniqueName('colleague');
    const colleague = await createReadyUser(env.baseURL, { userName: colleagueName, realName: 'Owning colleague', password, roleIds: [role.id] });
    const theirs = await (await apiLogin(env.baseURL, colleagueName, password)).post<{ id: string; serialNum: string }>('/api/project/save', {
      projectType: 'dfmea',
      name: uniqueName('Colleague lifter '),
      projectMembers: [
        { userId: colleague.id, userRole: 0 },
        { userId: creator.id, userRole: 1 },
      ],
    });

    const { page } = await env.open({ width: 1500, height: 900, locale: 'en-US' });
    await startSignedIn(page, creatorName, password, '/main/dfmea');
    const row = page.getByTestId('dfmea-project-list').getByRole('row').filter({ hasText: theirs.serialNum });
    await row.waitFor();
    const copy = row.getByTestId('dfmea-copy');
    expect(await copy.isDisabled()).toBe(true);
    expect(await copy.getAttribute('title')).toBe('Only the responsible person of the project may copy it');

    // a collaborator edits the header, but the team, the responsible person and the confidentiality are the owner's (issue 20)
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${theirs.id}`);
    await page.getByTestId('dfmea-tab-planning').click();
    await page.getByTestId('dfmea-team-owner-only').waitFor();
    expect(await page.getByTestId('dfmea-team').getAttribute('disabled')).not.toBeNull();
    expect(await page.getByTestId('dfmea-responsible').isDisabled()).toBe(true);
    expect(await page.getByTestId('dfmea-confidentiality').isDisabled()).toBe(true);
    expect(await page.getByTestId('dfmea-name').isDisabled()).toBe(false);
    await screenshot(page, 'fmea-team-owner-only');
    await page.goto('/main/dfmea');
    await row.waitFor();

    await page.getByTestId('dfmea-new').click();
    const name = uniqueName('Handed over ');
    await page.getByTestId('dfmea-name').fill(name);
    await page.getByTestId('dfmea-responsible').selectOption(colleague.id);
    await page.getByTestId('dfmea-save').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('You are not the responsible person you chose').waitFor();
    await screenshot(page, 'fmea-hand-over-confirm');
    await dialog.locator('.dialog-actions button').last().click();
    await page.getByTestId('dfmea-project').waitFor();
    expect(await page.locator('.dfmea-project-name').innerText()).toBe(name);
    await page.getByTestId('dfmea-readonly').waitFor();
  });
});
