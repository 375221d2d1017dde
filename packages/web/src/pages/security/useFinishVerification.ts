import { useNavigate } from 'react-router';
import { homePathFor } from '../../auth/navigation';
import { sessionStore } from '../../auth/session-storage';
import { useAuth } from '../../hooks/useAuth';

/**
 * After an accepted code: the session is verified, so remember it, reload me/ (the gate reads it) and,
 * when asked to, go where the user would have landed after login.
 */
export function useFinishVerification() {
  const { meQuery, is2faRequired } = useAuth();
  const navigate = useNavigate();
  return async ({ goHome }: { goHome: boolean }) => {
    sessionStore.setIs2faVerified(true);
    const { data: me } = await meQuery.refetch();
    if (goHome && me !== undefined) {
      navigate(homePathFor(me, is2faRequired), { replace: true });
    }
  };
}
