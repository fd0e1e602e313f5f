import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { operationLog } from '../../db/schema/index.ts';
import { adminContext, createTeamProject, idOf, makeTeam, nameOf, openTestDatabase, pdf, png, type Team, type TestDatabase } from '../../testing/index.ts';
import { saveUpload } from '../files/files.ts';
import type { ServiceContext } from '../shared/context.ts';
import { assertCanReadFile } from '../files/access.ts';
import { addAttachments, listAttachments, MAX_ATTACHMENTS_PER_PROJECT, removeAttachment } from './attachments.ts';
import { deleteProject, type ProjectView } from './projects.ts';

let t: TestDatabase;
let team: Team;
let project: ProjectView;
let filesDir: string;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  project = await createTeamProject(team);
  filesDir = mkdtempSync(join(tmpdir(), 'fmea-attach-'));
});
afterEach(() => {
  t.dispose();
  rmSync(filesDir, { recursive: true, force: true });
});

const upload = async (ctx: ServiceContext, name = 'DVP report.pdf', kind = 'attachment') =>
  (await saveUpload(ctx, { filesDir, kind, originalName: name, data: pdf(name) })).id;

describe('project attachments', () => {
  it('attaches an editor’s own uploads, lists them with who added them, and takes one off again', async () => {
    const first = await upload(team.editor, 'DVP report.pdf');
    const second = await upload(team.editor, 'Drawing.pdf', 'largeAttachment');
    const listed = await addAttachments(team.editor, project.id, [first, second, first]);
    expect(listed).toEqual([
      expect.objectContaining({ fileName: first, originalName: 'DVP report.pdf', mime: 'application/pdf', size: pdf('DVP report.pdf').length, createdBy: idOf(team.editor), createdByName: nameOf(team.editor) }),
      expect.objectContaining({ fileName: second, originalName: 'Drawing.pdf' }),
    ]);
    // attaching again changes nothing; a read-only member sees the list
    await addAttachments(team.editor, project.id, [first]);
    expect(await listAttachments(team.reader, project.id)).toHaveLength(2);

    await removeAttachment(team.owner, { projectId: project.id, id: listed[0]!.id });
    expect((await listAttachments(team.owner, project.id)).map((a) => a.fileName)).toEqual([second]);
    await expect(removeAttachment(team.owner, { projectId: project.id, id: listed[0]!.id })).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.attachment_not_found' });

    const log = await t.db.select().from(operationLog).where(eq(operationLog.entity, 'fmea_project_attachment')).orderBy(operationLog.at, sql`rowid`);
    expect(log.map((row) => row.action).sort()).toEqual(['fmea.attachment.create', 'fmea.attachment.create', 'fmea.attachment.delete']);
  });

  it('refuses outsiders, read-only members and deleted projects', async () => {
    const mine = await upload(team.outsider);
    await expect(addAttachments(team.outsider, project.id, [mine])).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    await expect(listAttachments(team.outsider, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    const readers = await upload(team.reader);
    await expect(addAttachments(team.reader, project.id, [readers])).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });

    const [attached] = await addAttachments(team.owner, project.id, [await upload(team.owner)]);
    await expect(removeAttachment(team.reader, { projectId: project.id, id: attached!.id })).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
    await deleteProject(team.owner, project.id, { version: project.version });
    await expect(addAttachments(team.owner, project.id, [await upload(team.owner)])).rejects.toMatchObject({ messageKey: 'permission.project_deleted' });
    await expect(removeAttachment(team.owner, { projectId: project.id, id: attached!.id })).rejects.toMatchObject({ messageKey: 'permission.project_deleted' });
  });

  it('refuses someone else’s upload, pictures and unknown files', async () => {
    const owners = await upload(team.owner);
    await expect(addAttachments(team.editor, project.id, [owners])).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'fmea.attachment_not_yours' });
    const picture = (await saveUpload(team.editor, { filesDir, kind: 'image', originalName: 'a.png', data: png(4, 4) })).id;
    await expect(addAttachments(team.editor, project.id, [picture])).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'fmea.attachment_kind' });
    await expect(addAttachments(team.editor, project.id, ['00000000-0000-0000-0000-000000000000'])).rejects.toMatchObject({ code: 'not_found', messageKey: 'files.not_found' });
    expect(await listAttachments(team.owner, project.id)).toEqual([]);
  });

  it(`holds at most ${MAX_ATTACHMENTS_PER_PROJECT} attachments per project`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_ATTACHMENTS_PER_PROJECT + 1; i++) ids.push(await upload(team.editor, `doc ${i}.pdf`));
    for (let i = 0; i < MAX_ATTACHMENTS_PER_PROJECT; i += 5) await addAttachments(team.editor, project.id, ids.slice(i, i + 5));
    await expect(addAttachments(team.editor, project.id, [ids.at(-1)!])).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'fmea.attachment_limit', params: { count: 20 } });
    expect(await listAttachments(team.editor, project.id)).toHaveLength(MAX_ATTACHMENTS_PER_PROJECT);
  });

  it('lets only members of a live project and administrators read an attached file', async () => {
    const loose = await upload(team.outsider);
    await expect(assertCanReadFile(team.outsider, loose)).resolves.toBeUndefined();
    const attached = await upload(team.editor);
    await addAttachments(team.editor, project.id, [attached]);
    await expect(assertCanReadFile(team.reader, attached)).resolves.toBeUndefined();
    await expect(assertCanReadFile(await adminContext(t), attached)).resolves.toBeUndefined();
    await expect(assertCanReadFile(team.outsider, attached)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
    await deleteProject(team.owner, project.id, { version: project.version });
    await expect(assertCanReadFile(team.reader, attached)).rejects.toMatchObject({ code: 'not_allowed' });
  });
});
