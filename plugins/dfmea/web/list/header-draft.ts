import { PROJECT_DATE_FIELDS, PROJECT_DICTIONARY_FIELD_NAMES, PROJECT_TEXT_FIELDS, type ProjectDateField, type ProjectDictionaryField, type ProjectTextField } from '@fmea/core/domain';
import type { ProjectMember, ProjectView } from '../types.ts';

/** Every header field a form edits as text: dictionary codes, dates (YYYY-MM-DD) and free texts. */
export type HeaderTextKey = 'name' | 'versionLabel' | ProjectTextField | ProjectDateField | ProjectDictionaryField;
const TEXT_KEYS: readonly HeaderTextKey[] = ['name', 'versionLabel', ...PROJECT_DICTIONARY_FIELD_NAMES, ...PROJECT_DATE_FIELDS, ...PROJECT_TEXT_FIELDS];

export type HeaderDraft = Record<HeaderTextKey, string> & { members: ProjectMember[] };

export function draftOf(project: ProjectView | null, myId: string | undefined): HeaderDraft {
  const texts = Object.fromEntries(TEXT_KEYS.map((k) => [k, project?.[k] ?? ''])) as Record<HeaderTextKey, string>;
  return {
    ...texts,
    members: project ? project.projectMembers.map((m) => ({ userId: m.userId, userRole: m.userRole })) : myId ? [{ userId: myId, userRole: 0 }] : [],
  };
}

/** The save body of a header draft (create without id, update with id and version): every field, blank as null. */
export function saveBody(draft: HeaderDraft, project: ProjectView | null) {
  const texts = Object.fromEntries(TEXT_KEYS.map((k) => [k, draft[k].trim() || null]));
  return {
    ...(project && { id: project.id, version: project.version }),
    projectType: 'dfmea' as const,
    ...texts,
    name: draft.name.trim(),
    projectMembers: draft.members.map((m) => ({ userId: m.userId, userRole: m.userRole })),
  };
}
