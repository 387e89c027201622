import { useState } from 'react';
import { Link } from 'react-router';
import { importStatusListLabels } from '#contract/domain';
import { DateTime } from '../../ui/DateTime';
import { FileName } from '../../ui/FileName';
import { FocusedMessage } from '../../ui/FocusedMessage';
import { formatCount } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
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

  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{texts.historyHeading}</h2>
      {undone && <FocusedMessage>{undone}</FocusedMessage>}
      {imports?.length === 0 && <p>{texts.noHistory}</p>}
      {imports && imports.length > 0 && (
        <ScrollRegion label={texts.historyHeading}>
          <table className="data-table" aria-labelledby="history-heading">
            <thead>
              <tr>
                <th scope="col">{columns.file}</th>
                <th scope="col">{columns.imported}</th>
                <th scope="col">{columns.by}</th>
                <th scope="col" className="numeric">
                  {columns.added}
                </th>
                <th scope="col" className="numeric">
                  {columns.updated}
                </th>
                <th scope="col" className="numeric">
                  {columns.removed}
                </th>
                <th scope="col">{columns.status}</th>
                <th scope="col">{columns.action}</th>
              </tr>
            </thead>
            <tbody>
              {imports.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={`/import/${item.id}`}>
                      <FileName name={item.fileName} />
                    </Link>
                  </td>
                  <td>
                    <DateTime iso={item.imported ?? item.importStarted} />
                  </td>
                  <td>{item.importedBy.fullName}</td>
                  <td className="numeric">{count(item.counts?.added)}</td>
                  <td className="numeric">{count(item.counts?.updated)}</td>
                  <td className="numeric">{count(item.counts?.removed)}</td>
                  <td>
                    <StatusTag
                      status={item.status}
                      label={item.undone ? sv.undoImport.status : importStatusListLabels[item.status]}
                      undone={item.undone !== undefined}
                    />
                  </td>
                  <td>
                    {item.id === latestImportId && !item.undone && (
                      <UndoImportDialog
                        organizationId={pricelistRef.organizationId}
                        item={item}
                        onUndone={() =>
                          setUndone(texts.undone(item.metadata.number ?? String(item.metadata.id)))
                        }
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
