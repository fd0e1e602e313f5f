import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminContext, buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, pdf, png, type Team, type TestDatabase } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { addAttachments } from '../fmea/attachments.ts';
import { addNode, updateNode } from '../fmea/structure.ts';
import { publishTemplate, saveTemplate } from '../fmea/templates.ts';
import { setAvatar } from './assign.ts';
import { assertCanReadFile } from './access.ts';
import { saveUpload } from './files.ts';

/**
 * A file belongs to what it is attached to (issue 20): knowing its id is not
 * enough to read it.
 */
let t: TestDatabase;
let team: Team;
let filesDir: string;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  filesDir = mkdtempSync(join(tmpdir(), 'fmea-file-access-'));
});
afterEach(() => {
  t.dispose();
  rmSync(filesDir, { recursive: true, force: true });
});

const upload = async (ctx: ServiceContext, kind: 'attachment' | 'image' | 'avatar', name = kind === 'attachment' ? 'report.pdf' : 'picture.png') =>
  (await saveUpload(ctx, { filesDir, kind, originalName: name, data: kind === 'attachment' ? pdf(name) : png(64, 64) })).id;

const readable = async (ctx: ServiceContext, fileId: string) => {
  try {
    await assertCanReadFile(ctx, fileId);
    return 'yes';
  } catch (error) {
    return (error as { messageKey: string }).messageKey;
  }
};

describe('who may read a stored file', () => {
  it('an upload attached to nothing: its uploader and administrators only, and to others it does not exist', async () => {
    const loose = await upload(team.editor, 'attachment');
    expect(await readable(team.editor, loose)).toBe('yes');
    expect(await readable(team.outsider, loose)).toBe('files.not_found');
    expect(await readable(team.owner, loose)).toBe('files.not_found');
    expect(await readable(await adminContext(t), loose)).toBe('yes');
  });

  it('a node’s picture: the project’s readers, nobody else, also after its uploader leaves the team', async () => {
    const project = await createTeamProject(team);
    const picture = await upload(team.editor, 'image');
    const node = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Gearbox', imageName: picture });
    expect(await readable(team.reader, picture)).toBe('yes');
    expect(await readable(team.outsider, picture)).toBe('permission.not_project_member');
    // the id alone does not let an outsider pull the picture into their own project
    const theirs = await createTeamProject({ ...team, owner: team.outsider });
    await expect(addNode(team.outsider, { parentId: theirs.rootNodeId!, name: 'Copy', imageName: picture })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    const other = await addNode(team.outsider, { parentId: theirs.rootNodeId!, name: 'Other' });
    await expect(updateNode(team.outsider, other.id, { version: other.version, imageName: picture })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    // only pictures go on nodes
    const report = await upload(team.editor, 'attachment');
    await expect(updateNode(team.editor, node.id, { version: node.version, imageName: report })).rejects.toMatchObject({ messageKey: 'files.not_a_picture' });
  });

  it('a project attachment: the project’s readers; a template’s picture: whoever may use the template', async () => {
    const project = await createTeamProject(team);
    const report = await upload(team.editor, 'attachment');
    await addAttachments(team.editor, project.id, [report]);
    expect(await readable(team.reader, report)).toBe('yes');
    expect(await readable(team.outsider, report)).toBe('permission.not_project_member');

    const w = await buildWindowLifter(team.owner, project);
    const picture = await upload(team.owner, 'image');
    await updateNode(team.owner, w.gear.id, { version: w.gear.version, imageName: picture });
    const template = await saveTemplate(team.owner, w.gearbox.id);
    // outsider: not on the team; the template is private
    expect(await readable(team.outsider, picture)).toBe('permission.not_project_member');
    await publishTemplate(team.owner, template.id, { scope: 'all' });
    expect(await readable(team.outsider, picture)).toBe('yes');
  });

  it('a user’s current avatar: every signed-in user; a replaced one: its uploader only', async () => {
    const first = await upload(team.editor, 'avatar');
    await setAvatar(team.editor, team.editor.actor.userId!, first);
    expect(await readable(team.outsider, first)).toBe('yes');
    const second = await upload(team.editor, 'avatar');
    await setAvatar(team.editor, team.editor.actor.userId!, second);
    expect(await readable(team.outsider, first)).toBe('files.not_found');
    expect(await readable(team.editor, first)).toBe('yes');
  });
});
