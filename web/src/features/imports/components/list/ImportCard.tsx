import { useId } from 'react';
import { Link } from 'react-router';
import { importStatusSummaryLabels, importTypeLabels } from '#contract/domain';
import type { Import } from '#contract/imports';
import { FileName } from '../../../../ui/FileName';
import { StatusTag } from '../../../../ui/StatusTag';
import { formatDateTime } from '../../format';
import { cardShowsDelete, cardShowsReview } from '../../importRules';
import { importTexts } from '../../texts';
import { DeleteImportDialog } from './DeleteImportDialog';

interface ImportCardProps {
  organizationId: number;
  item: Import;
  onDeleted: (note: string) => void;
}

/** One pending import under "Pågående" (docs/product.md, "Screens and routes"; docs/product.md, "Imports: types, statuses, flow"). */
export function ImportCard({ organizationId, item, onDeleted }: ImportCardProps) {
  const headingId = useId();
  return (
    <article className="import-card" aria-labelledby={headingId}>
      <h4 id={headingId} className="import-card__title">
        <FileName name={item.fileName} />
      </h4>
      <dl className="facts">
        <dt>{importTexts.fields.fileType}</dt>
        <dd>{importTypeLabels[item.type]}</dd>
        <dt>{importTexts.fields.pricelistNumber}</dt>
        <dd>{item.metadata.number ?? '-'}</dd>
        <dt>{importTexts.fields.created}</dt>
        <dd>{formatDateTime(item.created)}</dd>
        <dt>{importTexts.fields.status}</dt>
        <dd>
          <StatusTag status={item.status} label={importStatusSummaryLabels[item.status]} />
        </dd>
      </dl>
      <div className="button-row">
        {cardShowsReview(item.status) && (
          <Link className="button" to={`/import/${item.id}`} aria-describedby={headingId}>
            {importTexts.review}
          </Link>
        )}
        {cardShowsDelete(item.status) && (
          <DeleteImportDialog
            organizationId={organizationId}
            item={item}
            describedBy={headingId}
            onDeleted={onDeleted}
          />
        )}
      </div>
    </article>
  );
}
