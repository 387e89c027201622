import { type FormEvent, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/api';
import type { AppDispatch } from '../../api/dispatch';
import { profileApi } from '../../api/profile';
import { RETURN_TO_PARAM, safeReturnPath } from '../../api/returnPath';
import { PROFILE_STORAGE_KEY } from '../../api/session';
import { sessionStarted } from '../../api/sessionActions';
import { Field, FormAlert } from '../../ui/Field';
import { useFormErrors } from '../../ui/useFormErrors';
import { AuthPage, authFieldClasses } from './AuthPage';
import { useLoginMutation } from './api';
import { loginErrorText } from './errorTexts';
import { authTexts } from './texts';

const usernameId = 'login-username';
const passwordId = 'login-password';
const focusIds = { username: usernameId, password: passwordId };

/** Sign-in (docs/product.md, "Screens and routes"; docs/product.md, "Session" and "Texts"). */
export function LoginPage() {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const [login] = useLoginMutation();
  // The page a session ended on: only a path of this site is ever followed (returnPath.ts).
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { errors, formError, setFormError, showErrors } = useFormErrors(focusIds);
  const [busy, setBusy] = useState(false);

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // An empty field is said at the field, and nothing is sent.
    const missing = showErrors({
      username: username.trim() === '' ? authTexts.login.usernameMissing : null,
      password: password === '' ? authTexts.login.passwordMissing : null,
    });
    if (missing) return;
    setBusy(true);
    try {
      const loginProfile = await login({ username, password }).unwrap();
      // A new user must not see what the previous one left in the cache.
      dispatch(api.util.resetApiState());
      localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(loginProfile));
      dispatch(sessionStarted());
      const profile = await dispatch(
        profileApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      navigate(profile.previousLoginFound ? (returnTo ?? '/') : '/v1/profile', { replace: true });
    } catch (failure) {
      setFormError(loginErrorText(failure));
      setBusy(false);
    }
  };

  const errorId = 'login-error';
  return (
    <AuthPage heading={authTexts.login.heading}>
      <form noValidate onSubmit={signIn}>
        <Field
          id={usernameId}
          name="username"
          classes={authFieldClasses}
          label={authTexts.login.username}
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          invalid={formError !== null}
          error={errors.username}
          describedBy={[formError && errorId]}
        />
        <Field
          id={passwordId}
          name="password"
          type="password"
          classes={authFieldClasses}
          label={authTexts.login.password}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          invalid={formError !== null}
          error={errors.password}
          describedBy={[formError && errorId]}
        />
        <FormAlert id={errorId} message={formError} />
        <button type="submit">{authTexts.login.submit}</button>
      </form>
      <p>
        <Link to="/login/recover">{authTexts.login.forgotPassword}</Link>
      </p>
    </AuthPage>
  );
}
