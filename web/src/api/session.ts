import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import type { SessionPing } from '#contract/auth';
import { api, backgroundRequest } from './api';
import { sessionEnded } from './sessionActions';

/** Where the login response's profile is kept (docs/product.md, "Session"); removed on the logged-out page. */
export const PROFILE_STORAGE_KEY = 'hmdb.profile';

/** The session calls every part of the SPA may need: the ping and the logout. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A background request: asking how long the session lasts must not extend it.
    pingSession: build.query<SessionPing, void>({
      query: () => ({ url: 'api/session/ping', headers: backgroundRequest }),
      keepUnusedDataFor: 0,
    }),
    logout: build.mutation<void, void>({ query: () => ({ url: 'logout', method: 'POST' }) }),
  }),
});

export const { usePingSessionQuery } = sessionApi;

/**
 * Signs the user out: ends the session on the server, marks it ended here and shows the
 * logged-out page, which clears the cached data. Used by the header's "Logga ut" and the
 * session warning dialog.
 */
export function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout] = sessionApi.useLogoutMutation();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // The user asked to leave: the SPA forgets the session even when the server cannot be reached.
    }
    dispatch(sessionEnded());
    navigate('/logout', { replace: true });
  }, [dispatch, logout, navigate]);
}
