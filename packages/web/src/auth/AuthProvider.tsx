import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_MESSAGES, type LoginRequest } from '@vigil/contracts';
import { type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { getIs2faRequired, login as requestLogin, logout as requestLogout } from '../api/accounts';
import { onTwoFactorGate, onUnauthorized } from '../api/client';
import { AppMessageContext } from '../components/app-message';
import { meQueryOptions, useMe } from '../hooks/useMe';
import { PATHS } from '../routes/paths';
import { AuthContext, type AuthContextValue } from './auth-context';
import { homePathFor } from './navigation';
import { sessionStore } from './session-storage';

/** Holds the session: token, the me/ query and the two-factor flag; reacts to any 401 of the API client. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const message = useContext(AppMessageContext);
  const [token, setToken] = useState(sessionStore.getToken);
  const [is2faRequired, setIs2faRequired] = useState(sessionStore.getIs2faRequired);
  const meQuery = useMe(token !== null);

  const endSession = useCallback(() => {
    sessionStore.clearSession();
    setToken(null);
    setIs2faRequired(false);
    queryClient.clear();
    navigate(PATHS.home, { replace: true });
  }, [queryClient, navigate]);

  useEffect(() => onUnauthorized(endSession), [endSession]);

  // The server gates this session (2FA newly required, or not yet verified): refresh the flags so the
  // route guard sends the person to the setup or verify page.
  const refreshTwoFactorState = useCallback(async () => {
    try {
      const isRequired = await getIs2faRequired();
      sessionStore.setIs2faRequired(isRequired);
      setIs2faRequired(isRequired);
      await queryClient.invalidateQueries({ queryKey: meQueryOptions(true).queryKey });
    } catch {
      // A failed refresh leaves the current state; the next call tries again.
    }
  }, [queryClient]);

  useEffect(() => onTwoFactorGate(() => void refreshTwoFactorState()), [refreshTwoFactorState]);

  const signInWithToken = useCallback(
    async (newToken: string) => {
      sessionStore.setToken(newToken);
      try {
        const isRequired = await getIs2faRequired();
        sessionStore.setIs2faRequired(isRequired);
        const me = await queryClient.fetchQuery(meQueryOptions(true));
        setIs2faRequired(isRequired);
        setToken(newToken);
        navigate(homePathFor(me, isRequired), { replace: true });
      } catch (error) {
        sessionStore.clearSession();
        queryClient.clear();
        throw error;
      }
    },
    [queryClient, navigate],
  );

  const login = useCallback(
    async (credentials: LoginRequest) => {
      const { token: newToken } = await requestLogin(credentials);
      await signInWithToken(newToken);
    },
    [signInWithToken],
  );

  const logout = useCallback(async () => {
    try {
      await requestLogout();
    } catch {
      // The local session ends whatever the server answers.
    }
    endSession();
    message?.success(LOGIN_MESSAGES.loggedOut);
  }, [endSession, message]);

  const value = useMemo<AuthContextValue>(
    () => ({ token, meQuery, is2faRequired, login, signInWithToken, logout }),
    [token, meQuery, is2faRequired, login, signInWithToken, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
