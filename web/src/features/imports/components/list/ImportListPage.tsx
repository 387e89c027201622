import { useMemo, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useDispatch } from 'react-redux';
import { Link, useLocation } from 'react-router';
import {
  type ImportStatus,
  importStatusSummaryLabels,
  isPendingStatus,
  isValidationStatus,
} from '#contract/domain';
import type { Import, ImportSummary } from '#contract/imports';
import { sv } from '../../../../ui/text/sv';
import { usePageTitle } from '../../../../ui/usePageTitle';
import {
  refreshAfterUpload,
  useGetLegacyImportsQuery,
  useGetPendingImportsQuery,
  useGetRecentImportsQuery,
} from '../../api/importListApi';
import { useGetImportSummaryQuery } from '../../api/summaryApi';
import { LIST_POLLING } from '../../limits';
import { mergeRecentImports } from '../../recentImports';
import { importTexts } from '../../texts';
import { useImportUser } from '../../useImportUser';
import { SavedColumnMappings } from '../columnMapping/SavedColumnMappings';
import { ImportFileDialog } from '../upload/ImportFileDialog';
import { ImportNotice } from './ImportNotice';
import { PendingImports } from './PendingImports';
import { RecentImportsTable } from './RecentImportsTable';
import { ValidationAnnouncer } from './ValidationAnnouncer';
import '../../imports.css';

/** What the summary hands on after "Läs in": the list says which file goes into which price list. */
export interface ConfirmedNotice {
  fileName: string;
  pricelistNumber: string;
  pricelistPath: string;
}

/**
 * /import: the dialog "Läs in fil", the pending imports and the latest ten (docs/product.md, "Screens
 * and routes"), and the organisation's saved column mappings.
 */
export function ImportListPage() {
  const dispatch = useDispatch();
  const arrival = useLocation().state as { confirmed?: ConfirmedNotice; deleted?: string } | null;
  const confirmed = arrival?.confirmed;
  const [uploaded, setUploaded] = useState<Import | null>(null);
  const user = useImportUser();
  usePageTitle(importTexts.heading);
  const organizationId = user.organizationId;
  const skip = organizationId === undefined;
  const pending = useGetPendingImportsQuery(organizationId ?? 0, { skip, ...LIST_POLLING });
  const recent = useGetRecentImportsQuery(organizationId ?? 0, { skip, ...LIST_POLLING });
  const legacy = useGetLegacyImportsQuery(user.userId ?? 0, {
    skip: user.userId === undefined,
    ...LIST_POLLING,
  });

  // Legacy imports that cannot be read do not hide the confirmed ones.
  const legacyDone = legacy.data !== undefined || legacy.isError;
  const rows = useMemo(
    () =>
      recent.data && legacyDone
        ? mergeRecentImports(recent.data, legacy.data ?? [], user.fullName)
        : undefined,
    [recent.data, legacy.data, legacyDone, user.fullName],
  );

  return (
    <I18nProvider locale="sv-SE">
      <div className="imports-page">
        <div className="page-heading">
          <h1 tabIndex={-1}>{importTexts.heading}</h1>
          {organizationId !== undefined && (
            <ImportFileDialog
              organizationId={organizationId}
              onUploaded={(importObject) => {
                refreshAfterUpload(dispatch);
                setUploaded(importObject);
              }}
            />
          )}
        </div>
        {uploaded && organizationId !== undefined && (
          <UploadedNotice
            key={uploaded.id}
            organizationId={organizationId}
            uploaded={uploaded}
            current={findImport(uploaded.id, pending.data, recent.data)}
          />
        )}
        {!uploaded && arrival?.deleted && <ImportNotice>{arrival.deleted}</ImportNotice>}
        {!uploaded && confirmed && organizationId !== undefined && (
          <ConfirmedImportNotice
            organizationId={organizationId}
            confirmed={confirmed}
            current={newestImportOf(confirmed, pending.data, recent.data)}
          />
        )}
        <ValidationAnnouncer imports={pending.data} uploadedId={uploaded?.id ?? null} />
        {organizationId === undefined ? (
          <p>{user.isError ? sv.app.somethingWentWrong : sv.app.loading}</p>
        ) : (
          <>
            <PendingImports
              organizationId={organizationId}
              imports={pending.data}
              isError={pending.isError}
            />
            <RecentImportsTable rows={rows} isError={recent.isError || legacy.isError} />
            {user.mayImport && <SavedColumnMappings organizationId={organizationId} />}
          </>
        )}
      </div>
    </I18nProvider>
  );
}

type Lists = readonly (readonly Import[] | undefined)[];

/** The import as the polled lists last showed it. */
const findImport = (id: number, ...lists: Lists) =>
  lists.flatMap((list) => list ?? []).find((item) => item.id === id);

/**
 * The import "Läs in" was pressed for: the newest of that file for that price list. Until the
 * lists show it as an import (not a validation) its outcome is not known.
 */
function newestImportOf(confirmed: ConfirmedNotice, ...lists: Lists) {
  const newest = lists
    .flatMap((list) => list ?? [])
    .filter(
      (item) =>
        item.fileName === confirmed.fileName &&
        (item.metadata.number ?? String(item.metadata.id)) === confirmed.pricelistNumber,
    )
    .reduce<Import | undefined>((found, item) => (found && found.id >= item.id ? found : item), undefined);
  return newest && !isValidationStatus(newest.status) ? newest : undefined;
}

/** The import's summary once its status is final: the counts the notice ends with. */
function useFinalSummary(organizationId: number, item: Import | undefined): ImportSummary | null | undefined {
  const done = item !== undefined && !isPendingStatus(item.status);
  const { data } = useGetImportSummaryQuery(
    { organizationId, importId: item?.id ?? 0, status: item?.status ?? '' },
    { skip: !done },
  );
  return done ? data : undefined;
}

/**
 * After an upload: one message, replaced as the validation moves on. "… valideras nu" only while
 * it does; then what it came to ("Validering OK: 5 ändrade, 3 borttagna, 2 tillagda rader").
 */
function UploadedNotice({
  organizationId,
  uploaded,
  current,
}: {
  organizationId: number;
  uploaded: Import;
  current: Import | undefined;
}) {
  const notices = importTexts.notices;
  const item = current ?? uploaded;
  const summary = useFinalSummary(organizationId, item);
  const pricelistNumber = uploaded.metadata.number ?? String(uploaded.metadata.id);
  const text = isPendingStatus(item.status)
    ? notices.uploaded(uploaded.fileName, pricelistNumber)
    : notices.validated(uploaded.fileName, pricelistNumber, validationOutcome(item.status, summary));
  return (
    <ImportNotice
      focusNow
      tone={item.status === 'VALIDATION_SUCCESS' || isPendingStatus(item.status) ? 'success' : 'error'}
    >
      {text} <Link to={`/import/${uploaded.id}`}>{notices.toSummary}</Link>
    </ImportNotice>
  );
}

function validationOutcome(status: ImportStatus, summary: ImportSummary | null | undefined) {
  const notices = importTexts.notices;
  if (summary?.type === 'CONFIRM')
    return notices.validationOk(summary.updated, summary.removed, summary.added);
  if (summary?.type === 'VALIDATION_ERRORS') return notices.validationErrors(summary.errorCount);
  return importStatusSummaryLabels[status];
}

/** After "Läs in": "… läses in i prislista 2" until the import has run, then what it came to. */
function ConfirmedImportNotice({
  organizationId,
  confirmed,
  current,
}: {
  organizationId: number;
  confirmed: ConfirmedNotice;
  current: Import | undefined;
}) {
  const notices = importTexts.notices;
  const summary = useFinalSummary(organizationId, current);
  const { fileName, pricelistNumber } = confirmed;
  const toPricelist = <Link to={confirmed.pricelistPath}>{notices.toPricelist(pricelistNumber)}</Link>;
  if (!current || isPendingStatus(current.status))
    return (
      <ImportNotice>
        {notices.confirmed(fileName, pricelistNumber)} {toPricelist}
      </ImportNotice>
    );
  if (current.status === 'IMPORT_SUCCESS') {
    const counts =
      summary?.type === 'CONFIRM'
        ? notices.importedCounts(summary.updated, summary.removed, summary.added)
        : null;
    return (
      <ImportNotice>
        {notices.imported(fileName, pricelistNumber, counts)} {toPricelist}
      </ImportNotice>
    );
  }
  return (
    <ImportNotice tone="error">
      {notices.importFailed(fileName, pricelistNumber, importStatusSummaryLabels[current.status])}{' '}
      <Link to={`/import/${current.id}`}>{notices.toSummary}</Link>
    </ImportNotice>
  );
}
