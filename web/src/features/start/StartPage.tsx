import { useGetProfileQuery } from '../../api/profile';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';
import { NewsPanel } from './NewsPanel';
import { ToHandlePanel } from './ToHandlePanel';
import { startTexts } from './texts';
import './start.css';

/** The start page (docs/product.md, "Screens and routes"): greeting, "Att hantera" and "Nyheter". */
export function StartPage() {
  const { data: profile } = useGetProfileQuery();
  usePageTitle(startTexts.title);
  return (
    <>
      <h1 tabIndex={-1}>{startTexts.welcome(profile?.firstName ?? '')}</h1>
      <div className="start-panels">
        {profile ? <ToHandlePanel profile={profile} /> : <p>{sv.app.loading}</p>}
        <NewsPanel />
      </div>
    </>
  );
}
