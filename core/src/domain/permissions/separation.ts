/**
 * Separation of duties (issue 20; the business rule `separationOfDuties`,
 * on for new installations): the four-eyes rules most quality systems keep.
 * With it on, nobody audits, approves or rejects their own catalog
 * application, and one person holds at most one role of an FMEA review.
 * Administrators are held to it too: the rule exists so that no single person
 * releases what they wrote. Pure; the services read the flag.
 */

/** Whether the rule forbids the actor to decide on an application: it is theirs. */
export function isOwnApplication(applicantId: string | null | undefined, actorUserId: string): boolean {
  return actorUserId !== '' && applicantId !== null && applicantId !== undefined && applicantId === actorUserId;
}

export interface DoubledRole<R extends string> {
  /** The role named a second time (or later) for the same person. */
  readonly role: R;
  /** The role the person already holds, the first in `roles` order. */
  readonly heldAs: R;
  readonly userId: string;
}

/** The roles, in `roles` order, whose person already holds an earlier one: each after the first is a doubled role. */
export function doubledRoles<R extends string>(assignees: Readonly<Record<R, string>>, roles: readonly R[]): DoubledRole<R>[] {
  const first = new Map<string, R>();
  const doubled: DoubledRole<R>[] = [];
  for (const role of roles) {
    const userId = assignees[role];
    if (!userId) continue;
    const heldAs = first.get(userId);
    if (heldAs === undefined) first.set(userId, role);
    else doubled.push({ role, heldAs, userId });
  }
  return doubled;
}
