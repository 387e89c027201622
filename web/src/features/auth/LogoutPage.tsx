import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../api/api';
import { logoutReasonOf, SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from '../../api/logoutReason';
import { PROFILE_STORAGE_KEY } from '../../api/session';
import { sessionCleared } from '../../api/sessionActions';
import { AuthPage } from './AuthPage';
import { authTexts } from './texts';

/**
 * The logged-out page (docs/product.md, "Screens and routes"): showing it clears every cached piece of the session.
 * After a session that timed out it says why, beside the specified heading.
 */
export function LogoutPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const reason = logoutReasonOf(useLocation().state);
  useEffect(() => {
    dispatch(api.util.resetApiState());
    dispatch(sessionCleared());
    localStorage.removeItem(PROFILE_STORAGE_KEY);
  }, [dispatch]);
  return (
    <AuthPage heading={authTexts.logout.heading}>
      {reason === 'inactivity' && <p>{authTexts.logout.inactivity(SESSION_IDLE_MINUTES)}</p>}
      {reason === 'maxAge' && <p>{authTexts.logout.maxAge(SESSION_MAX_HOURS)}</p>}
      <button type="button" onClick={() => navigate('/login')}>
        {authTexts.logout.toLogin}
      </button>
    </AuthPage>
  );
}
