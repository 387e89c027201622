import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { profileApi } from '../../api/profile';
import { useLogout, usePingSessionQuery } from '../../api/session';
import { sessionEnded } from '../../api/sessionActions';
import type { AppDispatch } from '../../app/store';
import { useInvalidateApiStoreEvent } from './invalidateApiStore';
import { isOutsideSession } from './paths';
import { SessionExpiryDialog } from './SessionExpiryDialog';
import { selectSession } from './sessionSlice';

/** Specification §9: the ping interval and when the warning shows. */
export const PING_INTERVAL_MS = 30_000;
export const WARNING_SECONDS = 300;

/**
 * Watches the session for every page (specification §4): pings every 30 s while a session
 * exists, warns when it is about to expire, and sends the user to /logout once it has ended.
 * Also listens for the `invalidate-api-store` event.
 */
export function SessionSupervisor() {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const { hasSession, hasSessionEnded } = useSelector(selectSession);
  const { currentData: ping, refetch: refetchPing } = usePingSessionQuery(undefined, {
    skip: !hasSession,
    pollingInterval: PING_INTERVAL_MS,
  });
  const [extending, setExtending] = useState(false);
  useInvalidateApiStoreEvent();

  useEffect(() => {
    if (hasSession && ping && !ping.hasSession) dispatch(sessionEnded());
  }, [dispatch, hasSession, ping]);

  useEffect(() => {
    if (hasSessionEnded && !isOutsideSession(pathname)) navigate('/logout', { replace: true });
  }, [hasSessionEnded, navigate, pathname]);

  // Refreshing the user data is an ordinary request, so it extends the session; the new ping closes the dialog.
  const stayLoggedIn = async () => {
    if (extending) return;
    setExtending(true);
    try {
      await dispatch(
        profileApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true, subscribe: false }),
      );
      if (hasSession) await refetchPing();
    } finally {
      setExtending(false);
    }
  };

  const warn = hasSession && ping?.hasSession === true && ping.secondsUntilExpire <= WARNING_SECONDS;
  return warn ? (
    <SessionExpiryDialog onLogout={logout} onStayLoggedIn={stayLoggedIn} busy={extending} />
  ) : null;
}
