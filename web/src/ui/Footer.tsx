import { lazy, Suspense, useRef, useState } from 'react';
import { links } from './links';
import { sv } from './text/sv';
import './shell.css';

// The dialog brings react-aria (~50 kB gzipped): loaded when it is asked for (or about to be, on
// hover or focus), so a page that never opens it, the login page above all, never loads it.
const loadCookieDialog = () => import('./CookieDialog');
const CookieDialog = lazy(() => loadCookieDialog().then((module) => ({ default: module.CookieDialog })));

const text = sv.footer;

const columns = [
  {
    heading: text.aboutColumn,
    links: [
      { label: text.openInformation, href: links.openInformation },
      { label: text.servicePage, href: links.servicePage },
      { label: text.accessibility, href: links.accessibility },
    ],
  },
  {
    heading: text.helpColumn,
    links: [
      { label: text.manual, href: links.manual },
      { label: text.changeRoles, href: links.changeRoles },
      { label: text.support, href: links.support },
      // The server's own page (server/src/openapi/referencePage.ts), outside the SPA: a full page load.
      { label: text.apiDocumentation, href: '/api-dokumentation' },
    ],
  },
];

/**
 * The footer of docs/product.md, "Screens and routes": two columns of external links (and the API
 * reference), personal data and cookies. On every page, the login pages too: the accessibility
 * statement must be reachable from each.
 */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer-columns">
        {columns.map((column) => (
          <section key={column.heading} className="site-footer-column">
            <h2>{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="site-footer-bottom">
        <a href={links.personalData}>{text.personalData}</a>
        <CookieButton />
      </div>
    </footer>
  );
}

/** The button that opens "Hantering av kakor", and gets the focus back when it closes. */
function CookieButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="footer-link-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={loadCookieDialog}
        onFocus={loadCookieDialog}
      >
        {text.cookies}
      </button>
      {open && (
        <Suspense fallback={null}>
          <CookieDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
