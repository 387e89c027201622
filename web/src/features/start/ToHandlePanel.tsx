import { useId } from 'react';
import { Link } from 'react-router';
import type { Profile } from '#contract/auth';
import { firstEngagement } from '../../api/profile';
import { useGetDashboardCountsQuery } from './api';
import { type CountEntry, countLinks, countSources, startPageCounts } from './dashboardCounts';
import { startTexts } from './texts';

/** "Att hantera": the role's task and information counts as sentences; zero counts are left out. */
export function ToHandlePanel({ profile }: { profile: Profile }) {
  const headingId = useId();
  const organizationId = firstEngagement(profile)?.organizationId;
  const { tasks, information } = startPageCounts(profile);
  const sources = countSources([...tasks, ...information]);
  const { data, isLoading, isError } = useGetDashboardCountsQuery(
    { organizationId: organizationId ?? 0, sources },
    { skip: organizationId === undefined || sources.length === 0 },
  );

  return (
    <section className="start-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{startTexts.toHandle}</h2>
      {isLoading ? (
        <p role="status">{startTexts.loadingCounts}</p>
      ) : (
        <>
          {(isError || data?.incomplete) && <p className="error-text">{startTexts.countsFailed}</p>}
          <CountList
            heading={startTexts.tasks}
            entries={tasks}
            counts={data?.counts}
            organizationId={organizationId ?? 0}
            empty={startTexts.noTasks}
          />
          <CountList
            heading={startTexts.information}
            entries={information}
            counts={data?.counts}
            organizationId={organizationId ?? 0}
            empty={startTexts.noInformation}
          />
        </>
      )}
      <p className="start-dashboard-link">
        <Link className="button" to="/v1/dashboard">
          {startTexts.handleTasks}
        </Link>
      </p>
    </section>
  );
}

function CountList(props: {
  heading: string;
  entries: CountEntry[];
  counts: Parameters<typeof countLinks>[1] | undefined;
  organizationId: number;
  empty: string;
}) {
  const links = countLinks(props.entries, props.counts ?? {}, props.organizationId);
  return (
    <div className="start-count-list">
      <h3>{props.heading}</h3>
      {links.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <ul>
          {links.map((link) => (
            <li key={link.text}>
              <Link to={link.to}>{link.text}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
