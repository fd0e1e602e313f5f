import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { fmeaAction, fmeaCharacteristic, fmeaControl, fmeaFailure, fmeaFunction, fmeaMember, fmeaProject } from '../../db/schema/index.ts';
import { PROJECT_TYPES, type ProjectType } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { likePattern } from '../shared/paging.ts';
import { actorOf } from './access.ts';
import { SUGGEST_KINDS, type SuggestKind } from '../../domain/fmea/vocabulary.ts';
import { live } from '../../db/live.ts';
import { likeAnyCase } from '../../db/portable.ts';

/** What a suggestion is for: the text fields of the analysis that engineers reword from one FMEA to the next. */
export { SUGGEST_KINDS, type SuggestKind };

export const SUGGEST_PAGE_DEFAULT = 10;
export const SUGGEST_PAGE_MAX = 50;

export interface SuggestQuery {
  kind: SuggestKind;
  /** Contained in the text (case-insensitive, wildcards literal); empty or blank lists the most used texts. */
  q?: string;
  /** Only texts of this project (which the caller must be able to read, else nothing). */
  projectId?: string;
  /** Only projects of these types (the API passes the types the caller's menu rights cover). */
  projectTypes?: readonly ProjectType[];
  /** 1..50, default 10. */
  pageSize?: number;
}

export interface Suggestion {
  text: string;
  /** How many rows in readable projects use this text (any spelling of its case). */
  uses: number;
}

/** The column holding the text of each kind, and the rows that count. Actions are prevention/detection wording too. */
function sources(kind: SuggestKind): { text: SQL; projectId: SQL; table: SQL; where?: SQL }[] {
  const of = (text: SQL, projectId: SQL, table: SQL, where?: SQL) => ({ text, projectId, table, where });
  switch (kind) {
    case 'function':
      return [of(sql`${fmeaFunction.description}`, sql`${fmeaFunction.projectId}`, sql`${fmeaFunction}`)];
    case 'requirement':
      return [of(sql`${fmeaFunction.requirement}`, sql`${fmeaFunction.projectId}`, sql`${fmeaFunction}`)];
    case 'characteristic':
      return [of(sql`${fmeaCharacteristic.name}`, sql`${fmeaCharacteristic.projectId}`, sql`${fmeaCharacteristic}`)];
    case 'FE':
    case 'FM':
    case 'FC':
      return [of(sql`${fmeaFailure.description}`, sql`${fmeaFailure.projectId}`, sql`${fmeaFailure}`, eq(fmeaFailure.kind, kind))];
    case 'prevention':
    case 'detection':
      return [
        of(sql`${fmeaControl.description}`, sql`${fmeaControl.projectId}`, sql`${fmeaControl}`, eq(fmeaControl.kind, kind)),
        of(sql`${fmeaAction.description}`, sql`${fmeaAction.projectId}`, sql`${fmeaAction}`, eq(fmeaAction.kind, kind)),
      ];
  }
}

const queryIssues = (query: SuggestQuery) => [
  ...(!SUGGEST_KINDS.includes(query.kind) ? [{ messageKey: 'fmea.value_invalid', field: 'kind', params: { field: 'kind', value: String(query.kind) } }] : []),
  ...(query.projectTypes ?? [])
    .filter((t) => !PROJECT_TYPES.includes(t))
    .map((t) => ({ messageKey: 'fmea.value_invalid', field: 'projectTypes', params: { field: 'projectTypes', value: String(t) } })),
];

/**
 * Texts already written in the FMEAs the caller may read, for autocomplete
 * (docs/domain/fmea-engine.md, "Suggestions"). Readable follows opening a
 * project: not deleted, and the caller is a member or an administrator.
 * Distinct by trimmed, case-folded text (the most used spelling is shown);
 * prefix matches first, then the most used, then alphabetical.
 *
 * The analysis is the first source; a knowledge base becomes another branch
 * of the same union when it exists.
 */
export async function suggestTexts(ctx: ServiceContext, query: SuggestQuery): Promise<Suggestion[]> {
  assertNoIssues(queryIssues(query));
  const asked = Math.trunc(query.pageSize ?? SUGGEST_PAGE_DEFAULT);
  const pageSize = Number.isFinite(asked) ? Math.min(SUGGEST_PAGE_MAX, Math.max(1, asked)) : SUGGEST_PAGE_DEFAULT;
  if (query.projectTypes !== undefined && query.projectTypes.length === 0) return [];
  const actor = await actorOf(ctx.db, ctx.actor);

  const readable: SQL[] = [live(fmeaProject)];
  if (!actor.isAdmin) {
    readable.push(exists(ctx.db.select({ one: sql`1` }).from(fmeaMember).where(and(eq(fmeaMember.projectId, fmeaProject.id), eq(fmeaMember.userId, actor.userId)))));
  }
  if (query.projectId !== undefined) readable.push(eq(fmeaProject.id, query.projectId));
  if (query.projectTypes !== undefined) readable.push(inArray(fmeaProject.projectType, [...query.projectTypes]));
  const projects = ctx.db.select({ id: fmeaProject.id }).from(fmeaProject).where(and(...readable));

  const q = (query.q ?? '').trim();
  const contains = q ? sql`and ${likeAnyCase(sql`t`, likePattern(q))}` : sql``;
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  // one row per written text: trimmed, blanks dropped, only in readable projects
  const branches = sources(query.kind).map(
    ({ text, projectId, table, where }) =>
      sql`select t from (select trim(${text}) as t from ${table} where ${projectId} in ${projects}${where ? sql` and ${where}` : sql``}) as written where t is not null and t <> '' ${contains}`,
  );
  const rows = await ctx.db.all<{ text: string; uses: number }>(sql`
    with src(t) as (${sql.join(branches, sql` union all `)}),
    spelled as (select t, lower(t) as k, count(*) as n from src group by t),
    ranked as (
      select t, k, sum(n) over (partition by k) as uses, row_number() over (partition by k order by n desc, t) as pick
      from spelled
    )
    select t as text, uses from ranked
    where pick = 1
    order by (${likeAnyCase(sql`t`, prefix)}) desc, uses desc, k, t
    limit ${pageSize}`);
  return rows.map((r) => ({ text: r.text, uses: Number(r.uses) }));
}
