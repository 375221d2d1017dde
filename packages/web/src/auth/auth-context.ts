import type { UseQueryResult } from '@tanstack/react-query';
import type { LoginRequest, Me } from '@vigil/contracts';
import { createContext } from 'react';

export type AuthContextValue = {
  /** The session JWT, or null for a visitor. */
  token: string | null;
  /** The me/ query: its data is the signed-in user once loaded. */
  meQuery: UseQueryResult<Me>;
  /** The client of this user requires two-factor (answer of 2fa/is_2fa_required/ at login). */
  is2faRequired: boolean;
  /** Signs in, loads the user, checks two-factor and navigates to the user's home; throws an ApiError. */
  login: (credentials: LoginRequest) => Promise<void>;
  /** Starts a session from a token the server gave another way (activation), exactly as login does. */
  signInWithToken: (token: string) => Promise<void>;
  /** Ends the session on the server and locally, then goes to '/'. */
  logout: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
