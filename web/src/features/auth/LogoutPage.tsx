import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../api/api';
import { logoutLimitsOf, logoutReasonOf, logoutReturnToOf } from '../../api/logoutReason';
import { loginPathReturningTo } from '../../api/returnPath';
import { PROFILE_STORAGE_KEY } from '../../api/session';
import { sessionCleared } from '../../api/sessionActions';
import { AuthPage } from './AuthPage';
import { authTexts } from './texts';

/**
 * The logged-out page (docs/product.md, "Screens and routes"): showing it clears every cached piece of the session.
 * After a session that timed out it says why, beside the specified heading, with the server's
 * limits that the last ping named (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS).
 */
export function LogoutPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { state } = useLocation();
  const reason = logoutReasonOf(state);
  const { idleMinutes, maxHours } = logoutLimitsOf(state);
  // After a session that ended on a page, signing in again returns to it.
  const returnTo = logoutReturnToOf(state);
  useEffect(() => {
    dispatch(api.util.resetApiState());
    dispatch(sessionCleared());
    localStorage.removeItem(PROFILE_STORAGE_KEY);
  }, [dispatch]);
  return (
    <AuthPage heading={authTexts.logout.heading}>
      {reason === 'inactivity' && idleMinutes !== undefined && (
        <p>{authTexts.logout.inactivity(idleMinutes)}</p>
      )}
      {reason === 'maxAge' && maxHours !== undefined && <p>{authTexts.logout.maxAge(maxHours)}</p>}
      <button type="button" onClick={() => navigate(returnTo ? loginPathReturningTo(returnTo) : '/login')}>
        {authTexts.logout.toLogin}
      </button>
    </AuthPage>
  );
}
