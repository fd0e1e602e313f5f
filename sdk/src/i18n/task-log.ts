import { useLingui } from '@lingui/react/macro';

/** The words of what a task log entry says was done (core's TASK_LOG_ACTIONS): the task area's and the FMEA's task logs read the same log. */
export function useTaskLogWords(): (action: string) => string {
  const { t } = useLingui();
  const words: Record<string, string> = {
    create: t`Created`,
    edit: t`Edited`,
    reschedule: t`Rescheduled`,
    delete: t`Deleted`,
    start: t`Started`,
    submit: t`Submitted for review`,
    approve: t`Approved`,
    reject: t`Rejected`,
    withdraw: t`Withdrawn`,
    cancel: t`Cancelled`,
    hold: t`Put on hold`,
    resume: t`Resumed`,
    rework: t`Reworked`,
    restart: t`Restarted`,
    complete: t`Completed`,
  };
  return (action) => words[action] ?? action;
}
