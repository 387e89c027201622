import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { api } from '../../api/api';
import { PROFILE_STORAGE_KEY } from '../../api/session';
import { sessionCleared } from '../../api/sessionActions';
import { sv } from '../../ui/text/sv';
import { AuthPage } from './AuthPage';

/** The logged-out page (specification §2): showing it clears every cached piece of the session. */
export function LogoutPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(api.util.resetApiState());
    dispatch(sessionCleared());
    localStorage.removeItem(PROFILE_STORAGE_KEY);
  }, [dispatch]);
  return (
    <AuthPage heading={sv.logout.heading}>
      <button type="button" onClick={() => navigate('/login')}>
        {sv.logout.toLogin}
      </button>
    </AuthPage>
  );
}
