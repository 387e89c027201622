import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Field, FormAlert } from '../../ui/Field';
import { focusPageHeading } from '../../ui/focusFallback';
import { type TextFieldSpec, useFormFields } from '../../ui/useFormFields';
import { AuthPage, authFieldClasses } from './AuthPage';
import { useResetChangeMutation, useResetValidateMutation } from './api';
import { DelayedLoadingIndicator } from './DelayedLoadingIndicator';
import { passwordChangeError, passwordMismatchText, resetLinkErrorText } from './errorTexts';
import { authTexts } from './texts';

/**
 * Choose a new password through the mailed link (docs/product.md, "Screens and routes"; docs/product.md, "Forms" and §8). Without both
 * `email` and `token` in the address nothing is shown.
 *
 * Opened from a mail, the page starts with the focus on its heading: a screen reader reads where
 * the link led and the next Tab reaches the form, rather than starting from the body.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const token = params.get('token');
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) focusPageHeading();
  }, []);
  return (
    <AuthPage heading={authTexts.reset.heading} headingHidden={!email || !token}>
      {email && token && <NewPasswordForm key={`${email} ${token}`} email={email} token={token} />}
    </AuthPage>
  );
}

const newPasswordField = (id: string, label: string, missing: string): TextFieldSpec => ({
  id,
  label,
  missing,
  type: 'password',
  autoComplete: 'new-password',
});
const fields = {
  newPassword: newPasswordField(
    'reset-new-password',
    authTexts.reset.newPassword,
    authTexts.reset.newPasswordMissing,
  ),
  repeated: {
    ...newPasswordField(
      'reset-repeat-password',
      authTexts.reset.repeatPassword,
      authTexts.reset.repeatMissing,
    ),
    name: 'repeatPassword',
  },
};

type LinkState = 'checking' | 'valid' | { error: string };

function NewPasswordForm({ email, token }: { email: string; token: string }) {
  const [validateLink] = useResetValidateMutation();
  const [changePassword, { isLoading: saving }] = useResetChangeMutation();
  const [link, setLink] = useState<LinkState>('checking');
  const form = useFormFields(fields, authFieldClasses);
  const { newPassword, repeated } = form.values;
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // The form and its button go when the password is saved or the link turns out to be spent: the
  // message that replaces them takes the focus, never the body.
  const messageRef = useRef<HTMLParagraphElement>(null);
  const linkFailed = typeof link === 'object';
  useEffect(() => {
    const active = document.activeElement;
    if ((saved || linkFailed) && (!active || active === document.body)) messageRef.current?.focus();
  }, [saved, linkFailed]);

  useEffect(() => {
    let current = true;
    validateLink({ email, token })
      .unwrap()
      .then(
        () => current && setLink('valid'),
        (failure: unknown) => current && setLink({ error: resetLinkErrorText(failure) }),
      );
    return () => {
      current = false;
    };
  }, [email, token, validateLink]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setPasswordError(null);
    // Empty fields are said at each field before anything is compared or sent.
    if (form.showErrors(form.emptyErrors())) {
      setMismatch(null);
      return;
    }
    const mismatchText = passwordMismatchText(newPassword, repeated);
    setMismatch(mismatchText);
    if (mismatchText) return;
    try {
      await changePassword({ email, token, newPassword }).unwrap();
      setSaved(true);
    } catch (failure) {
      const { text, aboutPassword } = passwordChangeError(failure, newPassword);
      if (aboutPassword) setPasswordError(text);
      else setLink({ error: text });
    }
  };

  const loading = <DelayedLoadingIndicator active={link === 'checking' || saving} />;
  if (saved) {
    return (
      <>
        <p role="status" ref={messageRef} tabIndex={-1}>
          {authTexts.reset.saved}
        </p>
        <p>
          <Link to="/login">{authTexts.reset.toLogin}</Link>
        </p>
      </>
    );
  }
  if (typeof link === 'object') {
    return (
      <>
        <p role="alert" className="error-text" ref={messageRef} tabIndex={-1}>
          {link.error}
        </p>
        <p>
          <Link to="/login/recover">{authTexts.reset.requestNewLink}</Link>
        </p>
      </>
    );
  }
  if (link === 'checking') return loading;

  const ruleId = 'reset-rule';
  const passwordErrorId = 'reset-password-error';
  const mismatchId = 'reset-mismatch';
  return (
    <>
      <p id={ruleId}>{authTexts.reset.rule}</p>
      <form noValidate onSubmit={save}>
        <Field
          {...form.field('newPassword', {
            invalid: passwordError !== null,
            describedBy: [ruleId, passwordError && passwordErrorId],
          })}
        />
        <FormAlert id={passwordErrorId} message={passwordError} />
        <Field
          {...form.field('repeated', { invalid: mismatch !== null, describedBy: [mismatch && mismatchId] })}
        />
        <FormAlert id={mismatchId} message={mismatch} />
        <button type="submit">{authTexts.reset.submit}</button>
      </form>
      {loading}
    </>
  );
}
