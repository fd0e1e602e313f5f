import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, makeTeam, NOT_MEMBER, openTestApp, UNAUTHENTICATED, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

const named = () => ({ professional: team.reader.user.id, quality: team.editor.user.id, technical: team.reader.user.id, countersign: team.editor.user.id });
const checks = (as = team.owner, lang = 'en-US', id: string = project.id) => caller(api, as, lang).get(`/api/project/checks?projectId=${encodeURIComponent(id)}`);

describe('GET /api/project/checks', () => {
  it('answers 401 without a token, 400 without a project, 403 to a non-member', async () => {
    const anonymous = await api.call('GET', `/api/project/checks?projectId=${project.id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.meta.message).toBe(UNAUTHENTICATED.zh);
    expect((await caller(api, team.owner).get('/api/project/checks')).status).toBe(400);
    const stranger = await checks(team.outsider);
    expect(stranger.status).toBe(403);
    expect(stranger.body.meta.message).toBe(NOT_MEMBER);
  });

  it('lists the findings in the reader’s language, by id or by the project number', async () => {
    const chain = await buildChain(api, team.editor, project);
    const en = await checks(team.reader);
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ projectId: project.id, counts: { errors: 1, warnings: 0 } });
    // S9 O6 D5 rates H on the DFMEA table, and the cause has no action
    expect(en.body.data.findings).toEqual([
      {
        code: 'high_without_action',
        severity: 'error',
        step: 'optimization',
        target: { kind: 'failure', id: chain.cause.id, nodeId: chain.gear.id },
        params: { name: 'Teeth worn', ap: 'H' },
        message: 'Failure cause “Teeth worn” has action priority high (H) but no open or completed action',
        stepLabel: 'Optimization',
        severityLabel: 'Error',
      },
    ]);
    const zh = await checks(team.owner, 'zh-CN', en.body.data.serialNum);
    expect(zh.status).toBe(200);
    expect(zh.body.data.findings[0]).toMatchObject({ message: '失效原因“Teeth worn”的措施优先级为高（H），但没有进行中或已完成的措施', stepLabel: '优化', severityLabel: '错误' });
  });
});

describe('the checks gate submit, release and re-review', () => {
  it('errors refuse ("Report incomplete"); warnings need acknowledgeWarnings, which the history keeps', async () => {
    const chain = await buildChain(api, team.editor, project);
    const submit = (body: Record<string, unknown> = {}) => caller(api, team.owner, 'en-US').post('/api/project/review/submit', { projectId: project.id, assignees: named(), ...body });
    const refused = await submit();
    expect(refused.status).toBe(409);
    expect(refused.body.meta.message).toBe('Report incomplete, not allowed to be released: 1 error to resolve first');
    expect(refused.body.data).toMatchObject({ messageKey: 'fmeaCheck.report_incomplete', params: { errors: 1, warnings: 0 } });

    await caller(api, team.editor).ok('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'prevention', description: 'Harden the teeth', targetDate: '2099-01-01' });
    await caller(api, team.editor).ok('POST', '/api/fmea/addFunction', { nodeId: chain.gear.id, description: 'Guide the cable' });
    const unread = await submit();
    expect(unread.status).toBe(409);
    expect(unread.body.meta.message).toBe('There is 1 warning: read and acknowledge it to go on');
    expect((await submit({ acknowledgeWarnings: 'yes' })).status).toBe(400);
    expect((await submit({ acknowledgeWarnings: true })).status).toBe(200);

    const history = await caller(api, team.reader).ok('GET', `/api/project/review/history?projectId=${project.id}`);
    expect(history[0]).toMatchObject({ event: 'submit', acknowledgedWarnings: 1 });
  });
});
