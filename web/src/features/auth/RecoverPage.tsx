import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthPage } from './AuthPage';
import { useResetRequestMutation } from './api';
import { resetRequestErrorText } from './errorTexts';
import { Field, focusFirstInvalid } from './Field';
import { authTexts } from './texts';

const usernameId = 'recover-username';
const emailId = 'recover-email';

/** Request a password reset (docs/product.md, "Screens and routes"; docs/product.md, "Forms" and §8). */
export function RecoverPage() {
  const [requestReset, { isLoading }] = useResetRequestMutation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | null>>({});
  const sentMessage = useRef<HTMLParagraphElement>(null);
  // The form and its button are gone once the request is sent: the focus goes to what replaced
  // them, never to the page body.
  useEffect(() => {
    if (sent) sentMessage.current?.focus();
  }, [sent]);

  const send = async () => {
    if (isLoading) return;
    setError(null);
    try {
      await requestReset({ username, email }).unwrap();
      setSent(true);
    } catch {
      setError(resetRequestErrorText(username, email));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Empty fields are said at each field and in the specified sentence; nothing is sent.
    const missing = {
      [usernameId]: username.trim() === '' ? authTexts.recover.usernameMissing : null,
      [emailId]: email.trim() === '' ? authTexts.recover.emailMissing : null,
    };
    setFieldErrors(missing);
    if (Object.values(missing).some(Boolean)) {
      setError(authTexts.recover.fieldsMissing);
      focusFirstInvalid([usernameId, emailId], missing);
      return;
    }
    void send();
  };

  const errorId = 'recover-error';
  const errorText = error && (
    <p id={errorId} role="alert" className="error-text">
      {error}
    </p>
  );
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
              label={authTexts.recover.username}
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              invalid={error !== null && username.trim() === ''}
              error={fieldErrors[usernameId]}
              describedBy={[error && errorId]}
            />
            <Field
              id={emailId}
              name="email"
              type="email"
              label={authTexts.recover.email}
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              invalid={error !== null && email.trim() === ''}
              error={fieldErrors[emailId]}
              describedBy={[error && errorId]}
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
