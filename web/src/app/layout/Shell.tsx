import { RouterProvider } from 'react-aria-components';
import { Outlet, useHref, useNavigate } from 'react-router';
import { Footer } from '../../ui/Footer';
import { sv } from '../../ui/text/sv';
import { Breadcrumb } from './Breadcrumb';
import { Header } from './Header';
import '../../ui/shell.css';

/** React Router's href for a path in the app; an absolute address (the manual) stays as it is. */
function useAppHref(href: string) {
  const appHref = useHref(href);
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : appHref;
}

/** Header, breadcrumb, the page and the footer. Loaded lazily: react-aria stays out of /login's JS. */
export function Shell() {
  const navigate = useNavigate();
  return (
    // Lets react-aria links (the user menu's entries) navigate inside the SPA.
    <RouterProvider navigate={navigate} useHref={useAppHref}>
      <a className="skip-link" href="#main">
        {sv.app.skipToContent}
      </a>
      <Header />
      <Breadcrumb />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </RouterProvider>
  );
}
