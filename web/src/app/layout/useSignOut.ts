import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { API_BASE_URL, api } from '../../api/api';
import { sessionEnded } from '../../features/session/sessionSlice';
import { useAppDispatch } from '../store';

/**
 * "Logga ut": ends the session on the server, then shows /logout with the cached data cleared
 * (specification §2 and §4). Even when the call fails the user is shown as logged out, since
 * staying in the shell would only lead to 401s.
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await fetch(`${API_BASE_URL}logout`, { method: 'POST', credentials: 'same-origin' });
    } catch {
      // The server ends an unused session by itself; the user still leaves.
    }
    await navigate('/logout', { replace: true });
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
  }, [dispatch, navigate]);
}
