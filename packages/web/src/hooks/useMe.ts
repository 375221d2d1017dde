import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@vigil/contracts';
import { getMe, meKeys } from '../api/accounts';
import { sessionStore } from '../auth/session-storage';

/** Keeps the local copies A section 9 asks for in step with the server's view of the user. */
function rememberUser(me: Me): void {
  sessionStore.setCurrentClient(me.current_client);
  sessionStore.setIs2faVerified(me.is_2fa_verified);
}

export function meQueryOptions(isSignedIn: boolean) {
  return queryOptions({
    queryKey: meKeys.all,
    queryFn: async ({ signal }) => {
      const me = await getMe(signal);
      rememberUser(me);
      return me;
    },
    enabled: isSignedIn,
    staleTime: 60_000,
  });
}

/** The signed-in user (GET me/); idle while there is no token. */
export function useMe(isSignedIn: boolean) {
  return useQuery(meQueryOptions(isSignedIn));
}
