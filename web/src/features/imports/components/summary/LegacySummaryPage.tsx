import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  importStatusSummaryLabels,
  importTypeLabels,
  legacyReadStatusToImportStatus,
} from '#contract/domain';
import { StatusTag } from '../../../../ui/StatusTag';
import { sv } from '../../../../ui/text/sv';
import { usePageTitle } from '../../../../ui/usePageTitle';
import { useGetLegacyImportsQuery } from '../../api/importListApi';
import { formatDateTime, summaryTitle } from '../../format';
import { importTexts } from '../../texts';
import { useImportUser } from '../../useImportUser';
import '../../imports.css';

/** /import/legacy/{id}: an import of the previous system; read only, so no buttons (docs/product.md, "Imports: types, statuses, flow"). */
export function LegacySummaryPage() {
  const { id } = useParams();
  const { userId, isError: profileFailed } = useImportUser();
  const legacy = useGetLegacyImportsQuery(userId ?? 0, { skip: userId === undefined });
  const item = legacy.data?.find((candidate) => candidate.uniqueId === id);
  usePageTitle(summaryTitle(item?.fileName));

  let content: ReactNode;
  if (legacy.isError || profileFailed || (legacy.data && !item)) {
    content = <p className="banner error">{importTexts.importMissing}</p>;
  } else if (!item) {
    content = <p>{sv.app.loading}</p>;
  } else {
    content = (
      <dl className="facts summary-facts">
        <dt>{importTexts.fields.fileName}</dt>
        <dd>{item.fileName}</dd>
        <dt>{importTexts.fields.fileType}</dt>
        <dd>{importTypeLabels.LEGACY}</dd>
        <dt>{importTexts.fields.started}</dt>
        <dd>{formatDateTime(item.importStartDate)}</dd>
        <dt>{importTexts.fields.ended}</dt>
        <dd>{formatDateTime(item.importEndDate)}</dd>
        <dt>{importTexts.fields.status}</dt>
        <dd>
          <StatusTag
            status={legacyReadStatusToImportStatus(item.readStatus)}
            label={importStatusSummaryLabels[legacyReadStatusToImportStatus(item.readStatus)]}
          />
        </dd>
      </dl>
    );
  }
  return (
    <div className="imports-page">
      <h1 tabIndex={-1}>{importTexts.summary}</h1>
      {content}
    </div>
  );
}
