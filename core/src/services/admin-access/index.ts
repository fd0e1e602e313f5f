export { administratorOf, managedRole, managedUser, type AdminActor } from './administrator.ts';
export { assertCanKickUser, assertCanReadSite, assertCanReadUser } from './guards.ts';
