import { NotAllowedError } from '../../errors.ts';
import type { TemplateScope } from '../fmea/vocabulary.ts';
import type { Actor } from './actor.ts';
import { isProjectMember, isProjectOwner, type ProjectMembership } from './project.ts';

/**
 * Who sees and uses an FMEA template (docs/domain/fmea-reuse.md "Who sees a
 * template"). A template carries analysis out of the project it was saved
 * from, so it must never reach further than that project's owner decided:
 * saved, it is private (its saver, the source project's responsible person,
 * administrators); the source project's responsible person (or an
 * administrator) reviews and publishes it, to the saver's site or to every
 * site, as they would share the project.
 */
export interface TemplateAccess {
  readonly scope: TemplateScope;
  /** The site the template was saved in (scope 'site' opens it to that site's users). */
  readonly siteId: string | null;
  /** The template's own team: its saver, as owner. */
  readonly template: ProjectMembership;
  /** The team of the live project it was saved from; null when that project is gone. */
  readonly source: ProjectMembership | null;
}

/** May the actor list, open and use (insert, start a project from) the template? `siteIds`: the sites the actor belongs to. */
export function canUseTemplate(access: TemplateAccess, actor: Actor, siteIds: readonly string[]): boolean {
  if (actor.isAdmin) return true;
  if (actor.userId !== '' && isProjectMember(access.template, actor.userId)) return true;
  if (actor.userId !== '' && access.source !== null && isProjectOwner(access.source, actor.userId)) return true;
  if (access.scope === 'all') return true;
  return access.scope === 'site' && access.siteId !== null && siteIds.includes(access.siteId);
}

/**
 * Publishing (or withdrawing) a template is the source project's responsible
 * person's decision, or an administrator's; once the source project is gone,
 * the template's own owner decides.
 */
export function assertCanPublishTemplate(access: TemplateAccess, actor: Actor): void {
  if (actor.isAdmin) return;
  const decider = access.source ?? access.template;
  if (actor.userId !== '' && isProjectOwner(decider, actor.userId)) return;
  throw new NotAllowedError('permission.template_publish_owner_only');
}
