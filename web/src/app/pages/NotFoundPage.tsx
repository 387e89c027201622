import { Link } from 'react-router';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';

/** Every path no route knows, inside the shell: a Swedish page with a way on, never the router's own. */
export function NotFoundPage() {
  const text = sv.pages;
  usePageTitle(text.notFoundHeading);
  return (
    <>
      <h1 tabIndex={-1}>{text.notFoundHeading}</h1>
      <p>{text.notFoundText}</p>
      <p>
        <Link to="/">{text.toStart}</Link>
      </p>
    </>
  );
}
