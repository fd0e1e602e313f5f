import type { Issue } from '../../errors.ts';
import { PROJECT_MEMBER_ROLES } from '../permissions/index.ts';
import { checkExactlyOneResponsible } from '../validation/index.ts';
import { AP_TABLES } from '../ap/index.ts';
import { dateIssues, fieldIssue, oneOfIssues, optionalText, requiredText, shortText } from './fields.ts';
import { PROJECT_TYPES } from './vocabulary.ts';

/**
 * Free-text header fields, at most 200 characters each (spec 001 §5): the
 * spec's vehicle-type years (the handbook's "model year / program(s)") and
 * cross-functional team, and the AIAG-VDA DFMEA header (planning and
 * preparation): company, engineering location, subject, DFMEA ID number,
 * design responsibility, prepared by, the five Ts (intent, timing, team,
 * task, tool) and the analysis boundaries.
 */
export const PROJECT_TEXT_FIELDS = [
  'carTypeYears',
  'teamNotes',
  'companyName',
  'engineeringLocation',
  'subject',
  'fmeaIdNumber',
  'designResponsibility',
  'preparedBy',
  'planIntent',
  'planTiming',
  'planTeam',
  'planTask',
  'planTool',
  'analysisBoundaries',
] as const;
export type ProjectTextField = (typeof PROJECT_TEXT_FIELDS)[number];

/** Calendar dates YYYY-MM-DD: SOP, DFMEA start and DFMEA revision. */
export const PROJECT_DATE_FIELDS = ['sopDate', 'startDate', 'revisionDate'] as const;
export type ProjectDateField = (typeof PROJECT_DATE_FIELDS)[number];

/**
 * Header fields that hold a dictionary item's code (spec 001 §3: numeric
 * string codes), each with its dictionary type. Stored as the code, shown as
 * the item's name in the reader's language.
 */
export const PROJECT_DICTIONARY_FIELDS = {
  stage: 'projectStage',
  customer: 'customer',
  platform: 'productPlatform',
  confidentiality: 'secrecyGrade',
} as const;
export type ProjectDictionaryField = keyof typeof PROJECT_DICTIONARY_FIELDS;
export const PROJECT_DICTIONARY_FIELD_NAMES = Object.keys(PROJECT_DICTIONARY_FIELDS) as ProjectDictionaryField[];

/** The header of an FMEA project (spec 001 §3 project fields and the AIAG-VDA header), engine names. */
export type ProjectHeaderFields = {
  readonly projectType?: unknown;
  readonly name?: unknown;
  readonly versionLabel?: unknown;
  readonly apTable?: unknown;
} & { readonly [K in ProjectTextField | ProjectDateField | ProjectDictionaryField]?: unknown };

/**
 * Header checks: a type and a name, dates as YYYY-MM-DD, texts within the
 * spec's 200 characters (20 for the version label). Dictionary fields are
 * checked as text here; whether the code exists is the service's question.
 * With `partial`, only the fields present are checked (header updates).
 */
export function projectHeaderIssues(fields: ProjectHeaderFields, { partial = false } = {}): Issue[] {
  const has = (key: keyof ProjectHeaderFields) => !partial || fields[key] !== undefined;
  const issues: Issue[] = [];
  if (has('projectType')) issues.push(...oneOfIssues(fields.projectType, PROJECT_TYPES, 'projectType'));
  if (has('name')) issues.push(...requiredText(fields.name, 'name'));
  for (const key of PROJECT_DICTIONARY_FIELD_NAMES) issues.push(...optionalText(fields[key], key));
  for (const key of PROJECT_TEXT_FIELDS) issues.push(...optionalText(fields[key], key));
  issues.push(...shortText(fields.versionLabel, 'versionLabel'));
  for (const key of PROJECT_DATE_FIELDS) issues.push(...dateIssues(fields[key], key));
  if (fields.apTable !== undefined) issues.push(...oneOfIssues(fields.apTable, AP_TABLES, 'apTable'));
  return issues;
}

/** A team member as the engine stores it: a user and a list of roles 0–5. */
export interface TeamMember {
  readonly userId: string;
  readonly roles: readonly number[];
}

const VALID_ROLES: readonly number[] = Object.values(PROJECT_MEMBER_ROLES);

/**
 * The team (spec 001 §3, §5): every member holds at least one role from the
 * dictionary 0–5, and exactly one member is responsible (role 0), nobody
 * listed twice.
 */
export function teamIssues(members: readonly TeamMember[]): Issue[] {
  const issues: Issue[] = [];
  for (const member of members) {
    const roles: readonly unknown[] = Array.isArray(member.roles) ? member.roles : [];
    const bad = roles.filter((r) => !VALID_ROLES.includes(r as number));
    if (roles.length === 0 || bad.length > 0) {
      issues.push(fieldIssue('fmea.member_role_invalid', 'members', { userId: member.userId, value: bad.length > 0 ? String(bad[0]) : '' }));
    }
  }
  return [...issues, ...checkExactlyOneResponsible(members.map((m) => ({ userId: m.userId, role: m.roles })))];
}

/**
 * The creator joins the team. Named in the team, they keep the roles given;
 * otherwise they join as counsellor (role 2): spec 001 §6 says a non-owner
 * who creates a project for another owner loses maintenance rights, and a
 * counsellor may open but not edit.
 */
export const CREATOR_DEFAULT_ROLE = PROJECT_MEMBER_ROLES.counsellor;

export function withCreator(members: readonly TeamMember[], creatorId: string | null): TeamMember[] {
  if (creatorId === null || members.some((m) => m.userId === creatorId)) return [...members];
  return [...members, { userId: creatorId, roles: [CREATOR_DEFAULT_ROLE] }];
}

/** The responsible member (role 0), if there is exactly one. */
export function responsibleOf(members: readonly TeamMember[]): string | null {
  const found = members.filter((m) => m.roles.includes(PROJECT_MEMBER_ROLES.responsible));
  return found.length === 1 ? found[0]!.userId : null;
}

/**
 * Header fields only the responsible person or an administrator may change,
 * beside the team: the AP rule table decides what "high priority" means for
 * the project, and the confidentiality level who may see its content. A
 * collaborator who could lower either would hand themselves the owner's say.
 */
export const OWNER_ONLY_PROJECT_FIELDS = ['apTable', 'confidentiality'] as const;
export type OwnerOnlyProjectField = (typeof OWNER_ONLY_PROJECT_FIELDS)[number];

/** The same people with the same roles, whatever the order (a person listed twice holds the union of their rows). */
export function sameTeam(a: readonly TeamMember[], b: readonly TeamMember[]): boolean {
  const normal = (members: readonly TeamMember[]) => {
    const roles = new Map<string, Set<number>>();
    for (const m of members) for (const r of m.roles) (roles.get(m.userId) ?? roles.set(m.userId, new Set()).get(m.userId)!).add(r);
    for (const m of members) if (!roles.has(m.userId)) roles.set(m.userId, new Set());
    return [...roles].map(([userId, set]) => `${userId}:${[...set].sort((x, y) => x - y).join(',')}`).sort().join('|');
  };
  return normal(a) === normal(b);
}
