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

  it('FMEA-MSR: a cause without F or M, and MSR AP H without a monitoring or response action, in the reader’s language; the review walk passes the MSR steps', async () => {
    const as = caller(api, team.editor);
    const msr = await caller(api, team.owner).ok('POST', '/api/project/save', {
      projectType: 'msr',
      name: 'Window lifter MSR',
      projectMembers: [
        { userId: team.owner.user.id, userRole: 0 },
        { userId: team.editor.user.id, userRole: 1 },
        { userId: team.reader.user.id, userRole: 4 },
      ],
    });
    const chain = await buildChain(api, team.editor, msr);
    // the DFMEA's own H is answered, so only the MSR findings are left
    await as.ok('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'prevention', description: 'Harden the teeth', targetDate: '2099-01-01' });
    const unrated = (await checks(team.owner, 'en-US', msr.id)).body.data.findings;
    expect(unrated).toEqual([
      expect.objectContaining({ code: 'msr_rating_missing', severity: 'warning', step: 'msrRisk', message: 'Failure cause “Teeth worn” is not rated for FMEA-MSR: F/M', stepLabel: 'MSR risk analysis' }),
    ]);
    expect((await checks(team.owner, 'zh-CN', msr.id)).body.data.findings[0]).toMatchObject({ message: '失效原因“Teeth worn”的 FMEA-MSR 未评分：F/M', stepLabel: 'MSR 风险分析' });
    // S 9 (the chain's effect), F 5, M 6: H by the MSR table
    const rated = await as.ok<{ version: number }>('POST', '/api/fmea/rateMsr', { id: chain.cause.id, version: chain.cause.version, msrFrequency: 5, msrMonitoring: 6 });
    expect(rated.version).toBe(chain.cause.version + 1);
    const high = await checks(team.owner, 'en-US', msr.id);
    expect(high.body.data.counts).toEqual({ errors: 1, warnings: 0 });
    expect(high.body.data.findings).toEqual([
      expect.objectContaining({
        code: 'msr_high_without_action',
        step: 'msrOptimization',
        message: 'Failure cause “Teeth worn” has MSR action priority high (H) but no open or completed monitoring or system response action',
        stepLabel: 'MSR optimisation',
      }),
    ]);
    expect((await checks(team.owner, 'zh-CN', msr.id)).body.data.findings[0].message).toBe('失效原因“Teeth worn”的 MSR 措施优先级为高（H），但没有进行中或已完成的诊断监控或系统响应措施');
    await as.ok('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'response', description: 'Inching only on a Hall fault', targetDate: '2099-01-01' });
    expect((await checks(team.owner, 'en-US', msr.id)).body.data.findings).toEqual([]);
    // MSR actions take the action checks too, in the MSR optimisation step: a completed one not re-rated (S/F/M), one without a date, one overdue
    const done = await as.ok<{ id: string; version: number }>('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'monitoring', description: 'Hall signal plausibility', targetDate: '2099-01-01' });
    await as.ok('POST', '/api/fmea/changeActionStatus', { id: done.id, version: done.version, event: 'complete', actionTaken: 'Added', completionDate: '2026-01-10' });
    await as.ok('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'response', description: 'Reverse on stall' });
    await as.ok('POST', '/api/fmea/addAction', { causeId: chain.cause.id, kind: 'monitoring', description: 'Motor current watch', targetDate: '2020-01-01' });
    const actionFindings = (await checks(team.owner, 'en-US', msr.id)).body.data.findings;
    expect(actionFindings.map((f: { code: string; step: string; message: string; stepLabel: string }) => [f.code, f.step, f.stepLabel, f.message])).toEqual([
      ['completed_without_rerating', 'msrOptimization', 'MSR optimisation', 'Action “Hall signal plausibility” is completed but not re-rated (S/F/M)'],
      ['target_date_missing', 'msrOptimization', 'MSR optimisation', 'Action “Reverse on stall” has no planned completion date: planned completion dates must all be filled'],
      ['action_overdue', 'msrOptimization', 'MSR optimisation', 'Action “Motor current watch” is overdue (planned for 2020-01-01)'],
    ]);
    expect((await checks(team.owner, 'zh-CN', msr.id)).body.data.findings.map((f: { message: string }) => f.message)).toEqual([
      '措施“Hall signal plausibility”已完成，但未重新评分（S/F/M）',
      '措施“Reverse on stall”缺少计划完成时间：计划完成时间须全部填写',
      '措施“Motor current watch”已逾期（计划完成 2020-01-01）',
    ]);
    for (const f of actionFindings) await as.ok('POST', '/api/fmea/deleteAction', { id: f.target.id, version: (await caller(api, team.reader).ok<any[]>('GET', `/api/fmea/actions?projectId=${msr.id}`)).find((a) => a.id === f.target.id).version });
    // the reviewer walks the DFMEA steps, then the MSR ones, in order
    expect((await caller(api, team.owner, 'en-US').post('/api/project/review/submit', { projectId: msr.id, assignees: named(), acknowledgeWarnings: true })).status).toBe(200);
    const walk = (step: string) => caller(api, team.reader, 'en-US').post('/api/project/review/walk', { projectId: msr.id, step });
    for (const step of ['interfaces', 'structure', 'function', 'failure', 'risk', 'optimization']) expect((await walk(step)).status).toBe(200);
    const early = await walk('msrRisk');
    expect(early.status).toBe(409);
    expect(early.body.data).toMatchObject({ messageKey: 'status.fmea_review.earlier_steps_unfinished', params: { missing: 'msrFailure', position: 7 } });
    const last = await walk('msrFailure');
    expect(last.body.data.walkSteps).toEqual(['interfaces', 'structure', 'function', 'failure', 'risk', 'optimization', 'msrFailure', 'msrRisk', 'msrOptimization']);
    expect(last.body.data.walks[0]).toMatchObject({ next: 'msrRisk', complete: false });
    // a DFMEA is not asked for F and M
    await buildChain(api, team.editor, project);
    expect((await checks(team.owner, 'en-US')).body.data.findings.map((f: { code: string }) => f.code)).toEqual(['high_without_action']);
  });
});
