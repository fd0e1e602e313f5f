import type { Tx } from '../../db/client.ts';
import { actorName } from '../shared/people.ts';
import type { ProgramMessageKey } from '../../domain/program/index.ts';
import type { TaskEvent } from '../../domain/status/index.ts';
import { sendMessages, type MessageRow } from '../messages/inbox.ts';
import type { TxContext } from '../shared/context.ts';
import type { TaskRow } from './access.ts';
import { taskRoute } from './my-tasks.ts';

/**
 * What a task's people are told in their inbox (code 'programTask', opening the task as My tasks does), in
 * the write's transaction; the API pushes the rows after the commit. The handler learns of a task given to
 * them, and of its approval, rejection or cancellation; the launcher of a submission waiting for them.
 * Nobody is told of their own act.
 */
export type TaskNotice = 'given' | 'submitted' | 'approved' | 'rejected' | 'cancelled';

const KEYS = {
  given: 'task.notice_given',
  submitted: 'task.notice_submitted',
  approved: 'task.notice_approved',
  rejected: 'task.notice_rejected',
  cancelled: 'task.notice_cancelled',
} as const satisfies Record<TaskNotice, ProgramMessageKey>;

/** The notice an event gives, if any. */
export const noticeOfEvent = (event: TaskEvent): TaskNotice | null =>
  event === 'submit' ? 'submitted' : event === 'approve' ? 'approved' : event === 'reject' ? 'rejected' : event === 'cancel' ? 'cancelled' : null;

export async function storeTaskNotice(tx: Tx, ctx: TxContext, task: TaskRow, notice: TaskNotice, note: string | null = null): Promise<MessageRow[]> {
  const recipientId = notice === 'submitted' ? task.ownerId : task.handlerId;
  if (!recipientId || recipientId === ctx.actor.userId) return [];
  return sendMessages(tx, [
    {
      recipientId,
      senderId: ctx.actor.userId,
      code: 'programTask',
      messageKey: KEYS[notice],
      params: { sender: await actorName(tx, ctx.actor), taskNum: task.taskNum, name: task.name },
      content: note,
      serialNum: task.taskNum,
      route: await taskRoute(tx, task),
      targetId: task.id,
    },
  ]);
}
