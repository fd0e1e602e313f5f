import { describe, expect, it } from 'vitest';
import { PROJECT_DATE_FIELDS, PROJECT_DICTIONARY_FIELD_NAMES, PROJECT_TEXT_FIELDS } from '@fmea/core/domain';
import type { ProjectView } from '../types.ts';
import { draftOf, saveBody } from './header-draft.ts';
import { DFMEA_KIND } from '../kind.tsx';

const FIELDS = ['name', 'versionLabel', ...PROJECT_DICTIONARY_FIELD_NAMES, ...PROJECT_DATE_FIELDS, ...PROJECT_TEXT_FIELDS] as const;

describe('the DFMEA header draft', () => {
  it('carries every header field from the project into the save body unchanged', () => {
    const project = Object.fromEntries(FIELDS.map((f, i) => [f, `value ${i}`])) as unknown as ProjectView;
    Object.assign(project, { id: 'p1', version: 3, projectMembers: [{ userId: 'u1', userRole: 1, realName: 'x' }] });
    const body = saveBody(draftOf(project, 'me'), project) as Record<string, unknown>;
    for (const [i, field] of FIELDS.entries()) expect(body[field], field).toBe(`value ${i}`);
    expect(body).toMatchObject({ id: 'p1', version: 3, projectMembers: [{ userId: 'u1', userRole: 1 }] });
  });

  it('sends a blank field as null, so clearing it clears the stored value, and makes the creator the first member', () => {
    const field = PROJECT_DICTIONARY_FIELD_NAMES[0]!;
    const body = saveBody({ ...draftOf(null, 'me'), name: '  Door  ', [field]: '   ' }, null) as Record<string, unknown>;
    expect(body.name).toBe('Door');
    expect(body).toHaveProperty(field, null);
    expect(body).not.toHaveProperty('id');
    expect(body.projectMembers).toEqual([{ userId: 'me', userRole: 0 }]);
  });

  it('sends a process team with role lists and the kind’s project type', () => {
    const project = { id: 'p2', version: 1, projectMembers: [{ userId: 'u1', userRole: 0, roles: [1, 0] }, { userId: 'u2', userRole: 3, roles: [3, 5] }] } as unknown as ProjectView;
    const process = { ...DFMEA_KIND, projectType: 'pfmea', route: 'pfmea_index', memberKind: 'process' } as const;
    const body = saveBody(draftOf(project, 'me'), project, process) as Record<string, unknown>;
    expect(body).toMatchObject({ projectType: 'pfmea', projectMembers: [{ userId: 'u1', roles: [0, 1] }, { userId: 'u2', roles: [3, 5] }] });
    // a design team sends each member's highest role
    expect(saveBody(draftOf(project, 'me'), project).projectMembers).toEqual([{ userId: 'u1', userRole: 0 }, { userId: 'u2', userRole: 3 }]);
  });
});
