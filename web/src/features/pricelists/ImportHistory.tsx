import { useState } from 'react';
import { Link } from 'react-router';
import { importStatusListLabels } from '#contract/domain';
import type { PricelistImport } from '#contract/imports';
import { type DataColumn, DataTable } from '../../ui/DataTable';
import { DateTime } from '../../ui/DateTime';
import { FileName } from '../../ui/FileName';
import { FocusedMessage } from '../../ui/FocusedMessage';
import { formatCount } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { sv } from '../../ui/text/sv';
import { UndoImportDialog } from '../../ui/UndoImportDialog';
import { type PricelistRef, useGetPricelistImportsQuery } from './api';
import { pricelistTexts } from './texts';

interface ImportHistoryProps {
  pricelistRef: PricelistRef;
  /** The price list's latest applied import, not undone: the one "Ångra inläsning" is offered for. */
  latestImportId: number | null;
}

/** The imports into this price list, newest first, with what each changed; the latest can be undone here. */
export function ImportHistory({ pricelistRef, latestImportId }: ImportHistoryProps) {
  const texts = pricelistTexts;
  const columns = texts.historyColumns;
  const { data: imports } = useGetPricelistImportsQuery(pricelistRef);
  const count = (value: number | undefined) => (value === undefined ? '–' : formatCount(value));
  // After "Ja, ångra": what happened, in place of the button that did it, with the focus.
  const [undone, setUndone] = useState<string | null>(null);
  const historyColumns: DataColumn<PricelistImport>[] = [
    {
      header: columns.file,
      cell: (item) => (
        <Link to={`/import/${item.id}`}>
          <FileName name={item.fileName} />
        </Link>
      ),
    },
    { header: columns.imported, cell: (item) => <DateTime iso={item.imported ?? item.importStarted} /> },
    { header: columns.by, cell: (item) => item.importedBy.fullName },
    { header: columns.added, numeric: true, cell: (item) => count(item.counts?.added) },
    { header: columns.updated, numeric: true, cell: (item) => count(item.counts?.updated) },
    { header: columns.removed, numeric: true, cell: (item) => count(item.counts?.removed) },
    {
      header: columns.status,
      cell: (item) => (
        <StatusTag
          status={item.status}
          label={item.undone ? sv.undoImport.status : importStatusListLabels[item.status]}
          undone={item.undone !== undefined}
        />
      ),
    },
    {
      header: columns.action,
      cell: (item) =>
        item.id === latestImportId &&
        !item.undone && (
          <UndoImportDialog
            organizationId={pricelistRef.organizationId}
            item={item}
            onUndone={() => setUndone(texts.undone(item.metadata.number ?? String(item.metadata.id)))}
          />
        ),
    },
  ];

  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{texts.historyHeading}</h2>
      {undone && <FocusedMessage>{undone}</FocusedMessage>}
      {imports?.length === 0 && <p>{texts.noHistory}</p>}
      {imports && imports.length > 0 && (
        <DataTable
          label={texts.historyHeading}
          labelledBy="history-heading"
          columns={historyColumns}
          rows={imports}
          rowKey={(item) => item.id}
        />
      )}
    </section>
  );
}
