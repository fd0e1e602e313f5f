import { useUser } from '@fmea/sdk';

/**
 * Where the signed-in user administers (docs/domain/administration.md): super
 * administrators everywhere, site administrators the site of their session,
 * others nowhere. The server decides; pages only leave out what it would refuse.
 */
export function useAdminScope() {
  const user = useUser();
  const rank = user?.adminRank ?? 'none';
  return {
    rank,
    configuresSites: rank === 'super',
    managesSite: (siteId: string) => rank === 'super' || (rank === 'site' && user?.siteId === siteId),
  };
}
