import { sv } from '../../ui/text/sv';
import { links } from '../links';
import { CookieDialog } from './CookieDialog';

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
    ],
  },
];

/** The footer of specification §2: two columns of external links, personal data and cookies. */
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
        <CookieDialog />
      </div>
    </footer>
  );
}
