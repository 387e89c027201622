import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Field, FormAlert } from '../../ui/Field';
import { type TextFieldSpec, useFormFields } from '../../ui/useFormFields';
import { AuthPage, authFieldClasses, usernameField } from './AuthPage';
import { useResetRequestMutation } from './api';
import { resetRequestErrorText } from './errorTexts';
import { authTexts } from './texts';

const fields = {
  username: usernameField('recover-username', authTexts.recover),
  email: {
    id: 'recover-email',
    label: authTexts.recover.email,
    type: 'email',
    autoComplete: 'email',
    missing: authTexts.recover.emailMissing,
    trimmed: true,
  },
} satisfies Record<string, TextFieldSpec>;

/** Request a password reset (docs/product.md, "Screens and routes"; docs/product.md, "Forms" and §8). */
export function RecoverPage() {
  const [requestReset, { isLoading }] = useResetRequestMutation();
  const [sent, setSent] = useState(false);
  const form = useFormFields(fields, authFieldClasses);
  const { username, email } = form.values;
  const sentMessage = useRef<HTMLParagraphElement>(null);
  // The form and its button are gone once the request is sent: the focus goes to what replaced
  // them, never to the page body.
  useEffect(() => {
    if (sent) sentMessage.current?.focus();
  }, [sent]);

  const send = async () => {
    if (isLoading) return;
    form.setFormError(null);
    try {
      await requestReset(form.values).unwrap();
      setSent(true);
    } catch {
      form.setFormError(resetRequestErrorText(username, email));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Empty fields are said at each field and in the specified sentence; nothing is sent.
    if (form.showErrors(form.emptyErrors())) {
      form.setFormError(authTexts.recover.fieldsMissing);
      return;
    }
    void send();
  };

  const errorId = 'recover-error';
  const errorText = <FormAlert id={errorId} message={form.formError} />;
  const empty = form.emptyErrors();
  const missingAlert = (missing: string | null | undefined) => ({
    invalid: form.formError !== null && Boolean(missing),
    describedBy: [form.formError && errorId],
  });
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
            {/* The specified sentence names both fields: each that is empty is marked with it. */}
            <Field {...form.field('username', missingAlert(empty.username))} />
            <Field {...form.field('email', missingAlert(empty.email))} />
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
