import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaProject, user } from '../../db/schema/index.ts';
import type { TxContext } from '../shared/context.ts';
import { kindOf, projectLink } from '../../domain/fmea/kinds.ts';
import { sendMessages, type MessageRow } from './inbox.ts';

/** Where a task message opens: the project's optimisation step (with the kind's leftType: a PFMEA's 10, spec 001 §2). */
export function taskLink(projectType: string, projectId: string): string {
  return projectLink(projectType, projectId, { step: 'optimization' });
}

/**
 * An optimisation action was given to a user (added with them as the
 * responsible person, or the responsible person changed to them): they get a
 * 'task' message (a PFMEA's: 'pfmeaTask', spec 001 §2) opening the project's
 * optimisation step, in the write's transaction. Nobody is told of a task they
 * gave themselves, nor again when the action is saved without a new responsible.
 */
export async function storeActionTaskMessage(
  tx: DbOrTx,
  ctx: TxContext,
  action: { id: string; projectId: string; description: string; responsibleUserId: string | null },
  previousResponsible: string | null,
): Promise<MessageRow[]> {
  const to = action.responsibleUserId;
  if (!to || to === previousResponsible || to === ctx.actor.userId) return [];
  const project = await tx.select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.id, action.projectId)).get();
  if (!project) return [];
  const sender = ctx.actor.userId ? await tx.select({ userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, ctx.actor.userId)).get() : undefined;
  const kind = kindOf(project.projectType);
  return sendMessages(tx, [
    {
      recipientId: to,
      senderId: ctx.actor.userId,
      code: kind.messages.task,
      messageKey: 'message.fmea_task',
      params: { sender: sender ? sender.realName || sender.userName : ctx.actor.userName, serialNum: project.serialNum, name: project.name, row: action.description },
      projectId: project.id,
      serialNum: project.serialNum,
      rightType: 'optimization',
      leftType: kind.leftTypes.optimization,
      route: taskLink(project.projectType, project.id),
      targetId: action.id,
    },
  ]);
}
