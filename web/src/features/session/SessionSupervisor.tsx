import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import type { AppDispatch } from '../../api/dispatch';
import type { LogoutState } from '../../api/logoutReason';
import { profileApi } from '../../api/profile';
import { useLogout, usePingSessionQuery } from '../../api/session';
import { sessionEnded } from '../../api/sessionActions';
import { useInvalidateApiStoreEvent } from './invalidateApiStore';
import { isOutsideSession } from './paths';
import { SessionExpiryDialog } from './SessionExpiryDialog';
import { selectSession } from './sessionSlice';

/**
 * docs/product.md, "Constants": the ping interval until the first ping names the server's
 * (SESSION_PING_SECONDS), and when the warning shows.
 */
export const PING_INTERVAL_MS = 30_000;
export const WARNING_SECONDS = 300;

/**
 * Watches the session for every page (docs/product.md, "Session"): pings every 30 s (or as the
 * server's ping says) while a session exists, warns when it is about to expire, and sends the
 * user to /logout once it has ended. Also listens for the `invalidate-api-store` event.
 */
export function SessionSupervisor() {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const logout = useLogout();
  const { hasSession, hasSessionEnded } = useSelector(selectSession);
  const [pingIntervalMs, setPingIntervalMs] = useState(PING_INTERVAL_MS);
  const { currentData: ping, refetch: refetchPing } = usePingSessionQuery(undefined, {
    skip: !hasSession,
    pollingInterval: pingIntervalMs,
  });
  // The server's interval, as its ping names it.
  useEffect(() => {
    if (ping?.pingSeconds) setPingIntervalMs(ping.pingSeconds * 1000);
  }, [ping]);
  const [extending, setExtending] = useState(false);
  // A session that ends while the warning shows has ended by inactivity: the logout page says so.
  const warnedRef = useRef(false);
  // What the last ping said would end the session first: the logout page names it.
  const endsByRef = useRef<LogoutState['reason']>(undefined);
  // The server's limits, as the pings say: the logout page names them (never a built-in 30).
  const limitsRef = useRef<Pick<LogoutState, 'idleMinutes' | 'maxHours'>>({});
  useInvalidateApiStoreEvent();

  // The countdown runs from when the ping answered; the clock of this browser is all we need.
  const warn = hasSession && ping?.hasSession === true && ping.secondsUntilExpire <= WARNING_SECONDS;
  const [expiresAt, setExpiresAt] = useState(0);
  useEffect(() => {
    if (ping?.hasSession) setExpiresAt(Date.now() + ping.secondsUntilExpire * 1000);
  }, [ping]);
  useEffect(() => {
    if (ping?.hasSession) {
      warnedRef.current = warn;
      endsByRef.current = ping.endsBy;
    }
    if (ping) limitsRef.current = { idleMinutes: ping.idleMinutes, maxHours: ping.maxHours };
  }, [ping, warn]);

  useEffect(() => {
    if (hasSession && ping && !ping.hasSession) dispatch(sessionEnded());
  }, [dispatch, hasSession, ping]);

  useEffect(() => {
    if (hasSessionEnded && !isOutsideSession(pathname)) {
      const state: LogoutState = {
        reason: warnedRef.current ? (endsByRef.current ?? 'inactivity') : undefined,
        ...limitsRef.current,
        // Signing in again returns to this page, with what was on it (a draft of corrections).
        returnTo: `${pathname}${search}`,
      };
      navigate('/logout', { replace: true, state });
    }
  }, [hasSessionEnded, navigate, pathname, search]);

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

  // At zero the server is asked at once rather than at the next ping.
  const askNow = useCallback(() => {
    if (hasSession) void refetchPing();
  }, [hasSession, refetchPing]);

  return warn && expiresAt > 0 ? (
    <SessionExpiryDialog
      expiresAt={expiresAt}
      onExpired={askNow}
      onLogout={logout}
      onStayLoggedIn={stayLoggedIn}
      busy={extending}
    />
  ) : null;
}
