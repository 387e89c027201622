import { Link, useLocation } from 'react-router';
import { sv } from '../../ui/text/sv';
import { breadcrumbTrail } from './breadcrumbs';

/** "Du är här" on nested pages; the last crumb is the current page. */
export function Breadcrumb() {
  const trail = breadcrumbTrail(useLocation().pathname);
  if (trail.length === 0) return null;
  return (
    <nav className="breadcrumb" aria-label={sv.breadcrumb.label}>
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.label}>
            {crumb.to ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
