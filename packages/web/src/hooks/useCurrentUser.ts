import type { Me } from '@vigil/contracts';
import { useAuth } from './useAuth';

/** The signed-in user, for components rendered only once me/ has loaded (the authenticated routes). */
export function useCurrentUser(): Me {
  const { meQuery } = useAuth();
  if (meQuery.data === undefined) {
    throw new Error('useCurrentUser needs a loaded me/ query');
  }
  return meQuery.data;
}
