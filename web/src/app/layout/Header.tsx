import { Link } from 'react-router';
import { useGetProfileQuery } from '../../api/profile';
import { sv } from '../../ui/text/sv';
import { MainMenu } from './MainMenu';
import { UserMenu } from './UserMenu';

/** The page header: the service name (a link to the start page), the main menu and the user menu. */
export function Header() {
  const { data: profile } = useGetProfileQuery();
  return (
    <header className="site-header">
      <div className="site-header-bar">
        <Link to="/" className="site-name">
          {sv.header.home}
        </Link>
        {profile && <UserMenu profile={profile} />}
      </div>
      {profile && <MainMenu profile={profile} />}
    </header>
  );
}
