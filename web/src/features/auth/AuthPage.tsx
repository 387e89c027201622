import type { ReactNode } from 'react';
import type { FieldClasses } from '../../ui/Field';
import { Footer } from '../../ui/Footer';
import { sv } from '../../ui/text/sv';
import type { TextFieldSpec } from '../../ui/useFormFields';
import { usePageTitle } from '../../ui/usePageTitle';
import './auth.css';

/** The fields of these pages, as auth.css draws them. */
export const authFieldClasses: FieldClasses = { field: 'auth-field', required: 'auth-required' };

/** The user name, asked the same way to sign in and to ask for a new password. */
export const usernameField = (
  id: string,
  texts: { username: string; usernameMissing: string },
): TextFieldSpec => ({
  id,
  label: texts.username,
  autoComplete: 'username',
  missing: texts.usernameMissing,
  trimmed: true,
});

interface Props {
  heading: string;
  /** The empty pages keep their heading for screen readers only. */
  headingHidden?: boolean;
  children?: ReactNode;
}

/** The frame of the pages outside the session: the service name, one h1 and the content. */
export function AuthPage({ heading, headingHidden = false, children }: Props) {
  usePageTitle(heading);
  return (
    <>
      <header className="auth-header">
        <p className="auth-service-name">{sv.app.name}</p>
      </header>
      <main id="main" className="auth-page">
        <div className="auth-card">
          <h1 className={headingHidden ? 'visually-hidden' : undefined}>{heading}</h1>
          {children}
        </div>
      </main>
      <Footer />
    </>
  );
}
