import { Outlet } from 'react-router';
import { sv } from '../../ui/text/sv';

/** The shell around signed-in pages: header, breadcrumb, main content and footer. */
export function ShellLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {sv.app.skipToContent}
      </a>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
