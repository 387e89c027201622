import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { sv } from '../../ui/text/sv';
import { AuthPage } from './AuthPage';
import { useResetRequestMutation } from './api';
import { resetRequestErrorText } from './errorTexts';
import { Field } from './Field';

/** Request a password reset (specification §2, §5 and §8). */
export function RecoverPage() {
  const [requestReset, { isLoading }] = useResetRequestMutation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
    void send();
  };

  const errorId = 'recover-error';
  const errorText = error && (
    <p id={errorId} role="alert" className="error-text">
      {error}
    </p>
  );
  return (
    <AuthPage heading={sv.recover.heading}>
      {sent ? (
        <>
          {/* Emptied while sending again, so the text is announced anew when it returns. */}
          <p role="status">{isLoading ? null : sv.recover.sent}</p>
          <p>
            <button type="button" className="link-button" onClick={() => void send()}>
              {sv.recover.sendAgain}
            </button>
          </p>
          {errorText}
        </>
      ) : (
        <>
          <p>{sv.recover.intro}</p>
          <form noValidate onSubmit={submit}>
            <Field
              id="recover-username"
              name="username"
              label={sv.recover.username}
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              invalid={error !== null && username.trim() === ''}
              describedBy={[error && errorId]}
            />
            <Field
              id="recover-email"
              name="email"
              type="email"
              label={sv.recover.email}
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              invalid={error !== null && email.trim() === ''}
              describedBy={[error && errorId]}
            />
            {errorText}
            <button type="submit">{sv.recover.submit}</button>
          </form>
        </>
      )}
      <p>
        <Link to="/login">{sv.recover.backToLogin}</Link>
      </p>
    </AuthPage>
  );
}
