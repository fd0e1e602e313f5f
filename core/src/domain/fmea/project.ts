import type { Issue } from '../../errors.ts';
import { PROJECT_MEMBER_ROLES } from '../permissions/index.ts';
import { checkExactlyOneResponsible } from '../validation/index.ts';
import { AP_TABLES } from '../ap/index.ts';
import { dateIssues, fieldIssue, oneOfIssues, optionalText, requiredText, shortText } from './fields.ts';
import { PROJECT_TYPES } from './vocabulary.ts';

/** The header of an FMEA project (spec 001 §3 project fields), engine names. */
export interface ProjectHeaderFields {
  readonly projectType?: unknown;
  readonly name?: unknown;
  readonly stage?: unknown;
  readonly sopDate?: unknown;
  readonly versionLabel?: unknown;
  readonly startDate?: unknown;
  readonly customer?: unknown;
  readonly platform?: unknown;
  readonly carTypeYears?: unknown;
  readonly confidentiality?: unknown;
  readonly teamNotes?: unknown;
  readonly apTable?: unknown;
}

const OPTIONAL_TEXTS = ['stage', 'customer', 'platform', 'confidentiality', 'teamNotes'] as const;

/**
 * Header checks: a type and a name, dates as YYYY-MM-DD, texts within the
 * spec's 200 characters (20 for the version label and the car-type years).
 * With `partial`, only the fields present are checked (header updates).
 */
export function projectHeaderIssues(fields: ProjectHeaderFields, { partial = false } = {}): Issue[] {
  const has = (key: keyof ProjectHeaderFields) => !partial || fields[key] !== undefined;
  const issues: Issue[] = [];
  if (has('projectType')) issues.push(...oneOfIssues(fields.projectType, PROJECT_TYPES, 'projectType'));
  if (has('name')) issues.push(...requiredText(fields.name, 'name'));
  for (const key of OPTIONAL_TEXTS) issues.push(...optionalText(fields[key], key));
  issues.push(...shortText(fields.versionLabel, 'versionLabel'), ...shortText(fields.carTypeYears, 'carTypeYears'));
  issues.push(...dateIssues(fields.sopDate, 'sopDate'), ...dateIssues(fields.startDate, 'startDate'));
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
