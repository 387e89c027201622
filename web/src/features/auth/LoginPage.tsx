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
import { type TextFieldSpec, useFormFields } from '../../ui/useFormFields';
import { AuthPage, authFieldClasses, usernameField } from './AuthPage';
import { useLoginMutation } from './api';
import { loginErrorText } from './errorTexts';
import { authTexts } from './texts';

const fields = {
  username: usernameField('login-username', authTexts.login),
  password: {
    id: 'login-password',
    label: authTexts.login.password,
    type: 'password',
    autoComplete: 'current-password',
    missing: authTexts.login.passwordMissing,
  },
} satisfies Record<string, TextFieldSpec>;

/** Sign-in (docs/product.md, "Screens and routes"; docs/product.md, "Session" and "Texts"). */
export function LoginPage() {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const [login] = useLoginMutation();
  // The page a session ended on: only a path of this site is ever followed (returnPath.ts).
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM));
  const form = useFormFields(fields, authFieldClasses);
  const [busy, setBusy] = useState(false);

  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // An empty field is said at the field, and nothing is sent.
    if (form.showErrors(form.emptyErrors())) return;
    setBusy(true);
    try {
      const loginProfile = await login(form.values).unwrap();
      // A new user must not see what the previous one left in the cache.
      dispatch(api.util.resetApiState());
      localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(loginProfile));
      dispatch(sessionStarted());
      const profile = await dispatch(
        profileApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      navigate(profile.previousLoginFound ? (returnTo ?? '/') : '/v1/profile', { replace: true });
    } catch (failure) {
      form.setFormError(loginErrorText(failure));
      setBusy(false);
    }
  };

  const errorId = 'login-error';
  const refused = { invalid: form.formError !== null, describedBy: [form.formError && errorId] };
  return (
    <AuthPage heading={authTexts.login.heading}>
      <form noValidate onSubmit={signIn}>
        {/* A refused sign-in marks both fields and is read with each. */}
        <Field {...form.field('username', refused)} />
        <Field {...form.field('password', refused)} />
        <FormAlert id={errorId} message={form.formError} />
        <button type="submit">{authTexts.login.submit}</button>
      </form>
      <p>
        <Link to="/login/recover">{authTexts.login.forgotPassword}</Link>
      </p>
    </AuthPage>
  );
}
