import { PROJECT_DATE_FIELDS, PROJECT_DICTIONARY_FIELD_NAMES, PROJECT_TEXT_FIELDS, type ProjectDateField, type ProjectDictionaryField, type ProjectTextField } from '@fmea/core/domain';
import type { ProjectMember, ProjectView } from '../types.ts';
import { DFMEA_KIND, type FmeaKind } from '../kind.tsx';

/** Every header field a form edits as text: dictionary codes, dates (YYYY-MM-DD) and free texts. */
export type HeaderTextKey = 'name' | 'versionLabel' | ProjectTextField | ProjectDateField | ProjectDictionaryField;
const TEXT_KEYS: readonly HeaderTextKey[] = ['name', 'versionLabel', ...PROJECT_DICTIONARY_FIELD_NAMES, ...PROJECT_DATE_FIELDS, ...PROJECT_TEXT_FIELDS];

/** `customFields`: the header's custom field values by system name (System › Customisation forms). */
export type HeaderDraft = Record<HeaderTextKey, string> & { members: ProjectMember[]; customFields: Record<string, string> };

/** A member's roles as answered (an older answer may carry userRole alone). */
const rolesOf = (m: { roles?: readonly number[]; userRole: number }): number[] => (m.roles?.length ? [...m.roles] : [m.userRole]);

export function draftOf(project: ProjectView | null, myId: string | undefined): HeaderDraft {
  const texts = Object.fromEntries(TEXT_KEYS.map((k) => [k, project?.[k] ?? ''])) as Record<HeaderTextKey, string>;
  return {
    ...texts,
    customFields: { ...(project?.customFields ?? {}) },
    members: project ? project.projectMembers.map((m) => ({ userId: m.userId, roles: rolesOf(m) })) : myId ? [{ userId: myId, roles: [0] }] : [],
  };
}

/**
 * The save body of a header draft (create without id, update with id and
 * version): every field, blank as null. A design member is sent with its one
 * role (userRole, the highest), a process member with its list (spec 001 §3).
 */
export function saveBody(draft: HeaderDraft, project: ProjectView | null, kind: FmeaKind = DFMEA_KIND) {
  const texts = Object.fromEntries(TEXT_KEYS.map((k) => [k, draft[k].trim() || null]));
  return {
    ...(project && { id: project.id, version: project.version }),
    projectType: kind.projectType,
    ...texts,
    name: draft.name.trim(),
    customFields: draft.customFields,
    projectMembers: draft.members.map((m) => (kind.memberKind === 'process' ? { userId: m.userId, roles: [...m.roles].sort((a, b) => a - b) } : { userId: m.userId, userRole: Math.min(...m.roles) })),
  };
}
