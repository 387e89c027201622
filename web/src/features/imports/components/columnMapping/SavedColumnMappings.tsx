import { useRef, useState } from 'react';
import type { SavedColumnMapping } from '#contract/imports';
import { type DataColumn, DataTable } from '../../../../ui/DataTable';
import { sv } from '../../../../ui/text/sv';
import { useDeleteColumnMappingMutation, useGetColumnMappingsQuery } from '../../api/columnMappingApi';
import { savedPairs } from '../../columnMappingText';
import { errorMessageOf } from '../../errorMessage';
import { formatLongDate } from '../../format';
import { importTexts } from '../../texts';

const texts = importTexts.columnMapping.saved;
const pairsIdOf = (mapping: SavedColumnMapping) => `column-mapping-${mapping.id}-pairs`;

const mappingColumns: DataColumn<SavedColumnMapping>[] = [
  { header: texts.columns.sheet, rowHeader: true, cell: (mapping) => mapping.sheet },
  { header: texts.columns.pairs, cellId: pairsIdOf, cell: savedPairs },
  {
    header: texts.columns.saved,
    cell: (mapping) => texts.savedOn(formatLongDate(mapping.savedAt), mapping.savedBy),
  },
  {
    header: texts.columns.lastUsed,
    cell: (mapping) => (mapping.lastUsedAt ? formatLongDate(mapping.lastUsedAt) : texts.notUsedYet),
  },
];

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

  const removeColumn: DataColumn<SavedColumnMapping> = {
    header: texts.columns.action,
    cell: (mapping) => (
      <button
        type="button"
        className="button secondary"
        // Two mappings may share a sheet's name: the pairs tell them apart.
        aria-label={texts.removeLabel(mapping.sheet)}
        aria-describedby={pairsIdOf(mapping)}
        aria-disabled={isRemoving || undefined}
        onClick={() => remove(mapping)}
      >
        {texts.remove}
      </button>
    ),
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
        <DataTable
          label={texts.heading}
          labelledBy="column-mappings-heading"
          className="column-mappings-table"
          columns={[...mappingColumns, removeColumn]}
          rows={mappings}
          rowKey={(mapping) => mapping.id}
        />
      )}
    </section>
  );
}
