import { sv } from '../../ui/text/sv';

export function LoginPage() {
  return (
    <main id="main" className="auth-page">
      <h1>{sv.login.heading}</h1>
    </main>
  );
}
