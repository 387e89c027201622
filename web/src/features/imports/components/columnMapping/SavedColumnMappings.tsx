import { useRef, useState } from 'react';
import type { SavedColumnMapping } from '#contract/imports';
import { ScrollRegion } from '../../../../ui/ScrollRegion';
import { sv } from '../../../../ui/text/sv';
import { useDeleteColumnMappingMutation, useGetColumnMappingsQuery } from '../../api/columnMappingApi';
import { savedPairs } from '../../columnMappingText';
import { errorMessageOf } from '../../errorMessage';
import { formatLongDate } from '../../format';
import { importTexts } from '../../texts';

const texts = importTexts.columnMapping.saved;

/**
 * "Sparade kolumnkopplingar": the organisation's saved mappings of a supplier's own columns, each
 * with "Ta bort", which asks nothing more (the next file with those columns is simply mapped again).
 */
export function SavedColumnMappings({ organizationId }: { organizationId: number }) {
  // Validations save mappings on their own: asked for again each time the page is opened.
  const { data: mappings, isError } = useGetColumnMappingsQuery(organizationId, {
    refetchOnMountOrArgChange: true,
  });
  const [removeMapping, { isLoading: isRemoving }] = useDeleteColumnMappingMutation();
  const [removed, setRemoved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const columns = texts.columns;

  const remove = async (mapping: SavedColumnMapping) => {
    if (isRemoving) return;
    setFailure(null);
    setRemoved(null);
    const result = await removeMapping({ organizationId, mappingId: mapping.id });
    if ('error' in result) {
      setFailure(errorMessageOf(result.error));
      return;
    }
    setRemoved(texts.removed(mapping.sheet));
    // The row takes its focused button with it. The heading, not the next row's "Ta bort": a
    // second press of Enter must not remove another mapping unasked.
    headingRef.current?.focus();
  };

  return (
    <section className="column-mappings" aria-labelledby="column-mappings-heading">
      <h2 id="column-mappings-heading" ref={headingRef} tabIndex={-1}>
        {texts.heading}
      </h2>
      <div role="status">{removed && <p className="banner success">{removed}</p>}</div>
      {failure && (
        <p className="banner error" role="alert">
          {failure}
        </p>
      )}
      {isError && <p className="banner error">{sv.app.somethingWentWrong}</p>}
      {mappings === undefined && !isError && <p>{sv.app.loading}</p>}
      {mappings?.length === 0 && <p>{texts.none}</p>}
      {mappings && mappings.length > 0 && (
        <ScrollRegion label={texts.heading}>
          <table className="data-table column-mappings-table" aria-labelledby="column-mappings-heading">
            <thead>
              <tr>
                <th scope="col">{columns.sheet}</th>
                <th scope="col">{columns.pairs}</th>
                <th scope="col">{columns.saved}</th>
                <th scope="col">{columns.lastUsed}</th>
                <th scope="col">{columns.action}</th>
              </tr>
            </thead>
            <tbody>
              {mappings.map((mapping) => {
                const pairsId = `column-mapping-${mapping.id}-pairs`;
                return (
                  <tr key={mapping.id}>
                    <th scope="row">{mapping.sheet}</th>
                    <td id={pairsId}>{savedPairs(mapping)}</td>
                    <td>{texts.savedOn(formatLongDate(mapping.savedAt), mapping.savedBy)}</td>
                    <td>{mapping.lastUsedAt ? formatLongDate(mapping.lastUsedAt) : texts.notUsedYet}</td>
                    <td>
                      <button
                        type="button"
                        className="button secondary"
                        // Two mappings may share a sheet's name: the pairs tell them apart.
                        aria-label={texts.removeLabel(mapping.sheet)}
                        aria-describedby={pairsId}
                        aria-disabled={isRemoving || undefined}
                        onClick={() => remove(mapping)}
                      >
                        {texts.remove}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
