import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdf, png, zip } from '@fmea/core/testing';
import { caller, createTeamProject, makeTeam, NOT_MEMBER, openTestApp, type Person, READ_ONLY, type Team, type TestApp, UNAUTHENTICATED } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());


/** Uploads one file as the person (kind attachment unless told) and answers its stored id. */
async function upload(person: Person, name: string, data: Uint8Array = pdf(name), kind = 'attachment'): Promise<string> {
  const body = new FormData();
  body.append('file', new File([Buffer.from(data)], name));
  body.append('kind', kind);
  const res = await api.call('POST', '/api/fileOperate/uploadSingleFile', { token: person.token, lang: 'en-US', raw: body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.fileName;
}

const download = (person: Person | undefined, fileName: string) =>
  api.app.request(`/api/fileOperate/downloadFile?fileName=${fileName}`, { headers: person ? { token: person.token, lang: 'en-US' } : { lang: 'en-US' } });

describe('project attachments through the API', () => {
  it('lets an editor attach their uploads, members list and download them, and the owner take one off', async () => {
    const editor = caller(api, team.editor, 'en-US');
    const report = await upload(team.editor, 'DVP report.pdf');
    const sheet = await upload(team.editor, 'Test plan.xlsx', zip());
    const listed = await editor.ok('POST', '/api/project/addAttachments', { projectId: project.id, fileNames: [report, sheet] });
    expect(listed).toEqual([
      expect.objectContaining({ fileName: report, originalName: 'DVP report.pdf', mime: 'application/pdf', size: pdf('DVP report.pdf').length, createdBy: team.editor.user.id, createdByName: team.editor.user.realName }),
      expect.objectContaining({ fileName: sheet, originalName: 'Test plan.xlsx' }),
    ]);
    expect(typeof listed[0].createdAt).toBe('string');

    const read = await caller(api, team.reader, 'en-US').ok('GET', `/api/project/attachments?projectId=${project.id}`);
    expect(read.map((a: any) => a.fileName)).toEqual([report, sheet]);
    const got = await download(team.reader, report);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(pdf('DVP report.pdf'));
    expect(got.headers.get('content-disposition')).toContain('DVP report.pdf');

    expect(await caller(api, team.owner).ok('POST', '/api/project/deleteAttachment', { projectId: project.id, id: listed[0].id })).toBeNull();
    expect((await editor.ok('GET', `/api/project/attachments?projectId=${project.id}`)).map((a: any) => a.fileName)).toEqual([sheet]);
    const again = await editor.post('/api/project/deleteAttachment', { projectId: project.id, id: listed[0].id });
    expect(again.status).toBe(404);
    expect(again.body.meta.message).toBe('The attachment no longer exists on this project');
    // taken off, the file is attached nowhere: its uploader's again, and nobody else's (issue 20)
    expect((await download(team.outsider, report)).status).toBe(404);
    expect((await download(team.reader, report)).status).toBe(404);
    expect((await download(team.editor, report)).status).toBe(200);
  });

  it('refuses calls without a token (401)', async () => {
    for (const res of [
      await api.call('GET', `/api/project/attachments?projectId=${project.id}`),
      await api.call('POST', '/api/project/addAttachments', { body: { projectId: project.id, fileNames: ['x'] } }),
      await api.call('POST', '/api/project/deleteAttachment', { body: { projectId: project.id, id: 'x' } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
    }
  });

  it('refuses a non-member: 403 "not a project member" to list, attach and download', async () => {
    const attached = await upload(team.editor, 'Drawing.pdf');
    await caller(api, team.editor).ok('POST', '/api/project/addAttachments', { projectId: project.id, fileNames: [attached] });
    const outsider = caller(api, team.outsider, 'en-US');
    const own = await upload(team.outsider, 'Mine.pdf');
    for (const res of [
      await outsider.get(`/api/project/attachments?projectId=${project.id}`),
      await outsider.post('/api/project/addAttachments', { projectId: project.id, fileNames: [own] }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.meta).toEqual({ success: false, code: 403, message: NOT_MEMBER });
    }
    const denied = await download(team.outsider, attached);
    expect(denied.status).toBe(403);
    expect((await denied.json()).meta.message).toBe(NOT_MEMBER);
    expect((await download(undefined, attached)).status).toBe(401);
    // an administrator may download it; a file attached nowhere is its uploader's alone
    const admin = await api.app.request(`/api/fileOperate/downloadFile?fileName=${attached}`, { headers: { token: await api.adminToken() } });
    expect(admin.status).toBe(200);
    expect((await download(team.outsider, own)).status).toBe(200);
    expect((await download(team.editor, own)).status).toBe(404);
  });

  it('refuses a read-only member, someone else’s upload and pictures', async () => {
    const reader = caller(api, team.reader, 'en-US');
    const readers = await upload(team.reader, 'Review.pdf');
    const refused = await reader.post('/api/project/addAttachments', { projectId: project.id, fileNames: [readers] });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe(READ_ONLY);

    const editor = caller(api, team.editor, 'en-US');
    const owners = await upload(team.owner, 'Owner.pdf');
    const notYours = await editor.post('/api/project/addAttachments', { projectId: project.id, fileNames: [owners] });
    expect(notYours.status).toBe(403);
    expect(notYours.body.meta.message).toBe('You can only attach files you uploaded yourself');

    const picture = await upload(team.editor, 'photo.png', png(4, 4), 'image');
    const wrongKind = await editor.post('/api/project/addAttachments', { projectId: project.id, fileNames: [picture] });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.meta.message).toBe('Only Excel, Word or PDF uploads can be attached to a project');

    const [attached] = await editor.ok('POST', '/api/project/addAttachments', { projectId: project.id, fileNames: [await upload(team.editor, 'a.pdf')] });
    const readerDelete = await reader.post('/api/project/deleteAttachment', { projectId: project.id, id: attached.id });
    expect(readerDelete.status).toBe(403);
    expect(readerDelete.body.meta.message).toBe(READ_ONLY);
  });

  it('takes 1 to 5 files per call and at most 20 per project', async () => {
    const editor = caller(api, team.editor, 'en-US');
    expect((await editor.post('/api/project/addAttachments', { projectId: project.id, fileNames: [] })).status).toBe(400);
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push(await upload(team.editor, `doc ${i}.pdf`));
    expect((await editor.post('/api/project/addAttachments', { projectId: project.id, fileNames: ids.slice(0, 6) })).status).toBe(400);
    for (let i = 0; i < 20; i += 5) await editor.ok('POST', '/api/project/addAttachments', { projectId: project.id, fileNames: ids.slice(i, i + 5) });
    const full = await editor.post('/api/project/addAttachments', { projectId: project.id, fileNames: [ids[20]] });
    expect(full.status).toBe(400);
    expect(full.body.meta.message).toBe('A project can hold at most 20 attachments');
    const zh = await caller(api, team.editor).post('/api/project/addAttachments', { projectId: project.id, fileNames: [ids[20]] });
    expect(zh.body.meta.message).toBe('每个项目最多 20 个附件');
  });
});
