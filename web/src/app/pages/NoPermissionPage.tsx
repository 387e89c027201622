import { Link } from 'react-router';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';

/** Shown instead of a page the user's role does not allow, so the page's own calls are never made. */
export function NoPermissionPage() {
  const text = sv.pages;
  usePageTitle(text.noPermissionHeading);
  return (
    <>
      <h1 tabIndex={-1}>{text.noPermissionHeading}</h1>
      <p>{text.noPermissionText}</p>
      <p>
        <Link to="/">{text.toStart}</Link>
      </p>
    </>
  );
}
