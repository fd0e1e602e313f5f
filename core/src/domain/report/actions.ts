/**
 * Open actions of a report, by owner and due date (issue 25; docs/domain/reports.md). Pure: the service reads
 * the unfinished actions, this groups them and marks those past due.
 */
export interface OpenActionInput {
  readonly id: string;
  readonly description: string;
  /** The failure cause the action treats (where it sits in the analysis). */
  readonly causeDescription: string;
  readonly ownerId: string | null;
  readonly ownerName: string | null;
  /** The owner's name for English readers (their Chinese name when they have none). */
  readonly ownerNameEn: string | null;
  /** YYYY-MM-DD, or null when no date was set. */
  readonly targetDate: string | null;
  readonly status: string;
}

export interface OpenActionItem extends OpenActionInput {
  readonly overdue: boolean;
}

export interface OwnerActions {
  readonly ownerId: string | null;
  readonly ownerName: string | null;
  readonly ownerNameEn: string | null;
  readonly open: number;
  readonly overdue: number;
  /** Earliest due first; undated last. */
  readonly items: OpenActionItem[];
}

export interface OpenActionsSection {
  readonly open: number;
  readonly overdue: number;
  /** Owners with the most overdue first, then the most open, then by name; actions without an owner as one group last. */
  readonly owners: OwnerActions[];
}

/** Past due: a target day before `today` (both YYYY-MM-DD, so text order is day order). */
export const isOverdue = (targetDate: string | null, today: string): boolean => targetDate !== null && targetDate !== '' && targetDate < today;

const byDue = (a: OpenActionItem, b: OpenActionItem) =>
  (a.targetDate ?? '9999') < (b.targetDate ?? '9999') ? -1 : (a.targetDate ?? '9999') > (b.targetDate ?? '9999') ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export function openActionsSection(actions: readonly OpenActionInput[], today: string): OpenActionsSection {
  const groups = new Map<string, OpenActionItem[]>();
  let overdue = 0;
  for (const a of actions) {
    const item = { ...a, overdue: isOverdue(a.targetDate, today) };
    if (item.overdue) overdue++;
    const key = a.ownerId ?? '';
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  const owners = [...groups.entries()].map(([key, items]): OwnerActions => {
    items.sort(byDue);
    return { ownerId: key || null, ownerName: items[0]!.ownerName, ownerNameEn: items[0]!.ownerNameEn, open: items.length, overdue: items.filter((i) => i.overdue).length, items };
  });
  owners.sort(
    (a, b) =>
      Number(a.ownerId === null) - Number(b.ownerId === null) || b.overdue - a.overdue || b.open - a.open || (a.ownerName ?? '').localeCompare(b.ownerName ?? ''),
  );
  return { open: actions.length, overdue, owners };
}
