import { Outlet } from 'react-router';
import { Footer } from '../../ui/Footer';
import { sv } from '../../ui/text/sv';
import { Breadcrumb } from './Breadcrumb';
import { Header } from './Header';
import '../../ui/shell.css';

/**
 * Header, breadcrumb, the page and the footer. Loaded lazily, and free of react-aria: the user menu
 * loads it (with its RouterProvider) when it opens, the pages that use it with their own chunks.
 */
export function Shell() {
  return (
    <>
      <a className="skip-link" href="#main">
        {sv.app.skipToContent}
      </a>
      <Header />
      <Breadcrumb />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
