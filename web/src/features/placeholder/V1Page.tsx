import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../ui/usePageTitle';
import { FirstUseGuide } from './FirstUseGuide';
import { placeholderTexts } from './texts';
import { v1AreaName } from './v1Areas';

/**
 * A /v1 page inside the shell: it names the area and says that it belongs to the separate
 * application. (When V1_APP_URL is set the server sends /v1/* there instead.)
 */
export function V1Page() {
  const { pathname } = useLocation();
  const area = v1AreaName(pathname);
  const text = placeholderTexts;
  usePageTitle(text.title(area));
  return (
    <>
      <h1 tabIndex={-1}>{text.title(area)}</h1>
      <p>{text.text}</p>
      <p>
        {text.address} <code>{pathname}</code>
      </p>
      {pathname === '/v1/profile' && <FirstUseGuide />}
      <p>
        <Link to="/">{text.toStart}</Link>
      </p>
    </>
  );
}
