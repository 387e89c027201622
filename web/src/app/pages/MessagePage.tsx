import { Link } from 'react-router';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';

/** A page that only says something, inside the shell, with the way on to the start page. */
export function MessagePage({ heading, text }: { heading: string; text: string }) {
  usePageTitle(heading);
  return (
    <>
      <h1 tabIndex={-1}>{heading}</h1>
      <p>{text}</p>
      <p>
        <Link to="/">{sv.pages.toStart}</Link>
      </p>
    </>
  );
}
