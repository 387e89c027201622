import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Field, FormAlert } from '../../ui/Field';
import { useFormErrors } from '../../ui/useFormErrors';
import { AuthPage, authFieldClasses } from './AuthPage';
import { useResetRequestMutation } from './api';
import { resetRequestErrorText } from './errorTexts';
import { authTexts } from './texts';

const usernameId = 'recover-username';
const emailId = 'recover-email';
const focusIds = { username: usernameId, email: emailId };

/** Request a password reset (docs/product.md, "Screens and routes"; docs/product.md, "Forms" and §8). */
export function RecoverPage() {
  const [requestReset, { isLoading }] = useResetRequestMutation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { errors, formError, setFormError, showErrors } = useFormErrors(focusIds);
  const sentMessage = useRef<HTMLParagraphElement>(null);
  // The form and its button are gone once the request is sent: the focus goes to what replaced
  // them, never to the page body.
  useEffect(() => {
    if (sent) sentMessage.current?.focus();
  }, [sent]);

  const send = async () => {
    if (isLoading) return;
    setFormError(null);
    try {
      await requestReset({ username, email }).unwrap();
      setSent(true);
    } catch {
      setFormError(resetRequestErrorText(username, email));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Empty fields are said at each field and in the specified sentence; nothing is sent.
    const missing = showErrors({
      username: username.trim() === '' ? authTexts.recover.usernameMissing : null,
      email: email.trim() === '' ? authTexts.recover.emailMissing : null,
    });
    if (missing) {
      setFormError(authTexts.recover.fieldsMissing);
      return;
    }
    void send();
  };

  const errorId = 'recover-error';
  const errorText = <FormAlert id={errorId} message={formError} />;
  return (
    <AuthPage heading={authTexts.recover.heading}>
      {sent ? (
        <>
          {/* Emptied while sending again, so the text is announced anew when it returns. */}
          <p role="status" ref={sentMessage} tabIndex={-1}>
            {isLoading ? null : authTexts.recover.sent}
          </p>
          <p>
            <button type="button" className="link-button" onClick={() => void send()}>
              {authTexts.recover.sendAgain}
            </button>
          </p>
          {errorText}
        </>
      ) : (
        <>
          <p>{authTexts.recover.intro}</p>
          <form noValidate onSubmit={submit}>
            <Field
              id={usernameId}
              name="username"
              classes={authFieldClasses}
              label={authTexts.recover.username}
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              invalid={formError !== null && username.trim() === ''}
              error={errors.username}
              describedBy={[formError && errorId]}
            />
            <Field
              id={emailId}
              name="email"
              type="email"
              classes={authFieldClasses}
              label={authTexts.recover.email}
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              invalid={formError !== null && email.trim() === ''}
              error={errors.email}
              describedBy={[formError && errorId]}
            />
            {errorText}
            <button type="submit">{authTexts.recover.submit}</button>
          </form>
        </>
      )}
      <p>
        <Link to="/login">{authTexts.recover.backToLogin}</Link>
      </p>
    </AuthPage>
  );
}
