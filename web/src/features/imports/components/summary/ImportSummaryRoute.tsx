import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useGetImportQuery } from '../../api/summaryApi';
import { useImportUser } from '../../useImportUser';
import { ImportSummaryPage } from './ImportSummaryPage';

/** A 404 from the API: an import of another organisation or one that does not exist. */
const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * /import/{id}: the summary, or the shell's not-found page (given as `notFound`) when the id is
 * not a number or names no import of the user's organisation (the API answers 404 for both, so
 * the page does not show an empty "Sammanfattning"). Other failures stay the summary's own
 * "Kunde inte läsa in import". The query is the summary's own, so it is fetched once.
 */
export function ImportSummaryRoute({ notFound }: { notFound: ReactNode }) {
  const { id } = useParams();
  const importId = Number(id);
  const { organizationId } = useImportUser();
  const validId = Number.isInteger(importId) && importId > 0;
  const detail = useGetImportQuery(
    { organizationId: organizationId ?? 0, importId },
    { skip: organizationId === undefined || !validId },
  );
  if (!validId || isNotFound(detail.error)) return <>{notFound}</>;
  return <ImportSummaryPage />;
}
