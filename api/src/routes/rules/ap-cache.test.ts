import { afterEach, describe, expect, it } from 'vitest';
import { createContext, getApRuleSet, openDatabase, replaceApRules, type Database } from '@fmea/core';
import { buildChain, caller, engineer, openTestApp, type TestApp } from '../../testing.ts';

/**
 * AP rules replaced by another process on the same database (another server, the CLI) count from this
 * server's next request, not after its compiled tables' 30 s: the rule change moves the auth stamp, which
 * every authenticated request reads (issue 22).
 */
let api: TestApp;
let other: Database | undefined;
afterEach(async () => {
  await other?.close();
  api.dispose();
});

describe('AP rules changed elsewhere', () => {
  it('rate the next request’s chains by the new rules', async () => {
    api = await openTestApp({ file: true });
    const owner = await engineer(api, 'owner');
    const project = await caller(api, owner).ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Wiper', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    await buildChain(api, owner, project);
    const apOfChain = async () => (await caller(api, owner).ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`)).items[0].ap as string;
    // S9 O6 D5 is H in the handbook's table
    expect(await apOfChain()).toBe('H');

    // another process: its own connection, its own compiled tables
    other = await openDatabase(api.t.url);
    const ctx = createContext(other.db);
    const rules = (await getApRuleSet(other.db, 'dfmea')).rules;
    await replaceApRules(ctx, 'dfmea', rules.map((rule) => ({ ...rule, ap: 'L' })));
    expect(await apOfChain()).toBe('L');
  });
});
