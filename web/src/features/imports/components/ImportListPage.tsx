import { useMemo, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useDispatch } from 'react-redux';
import { Link, useLocation } from 'react-router';
import type { Import } from '#contract/imports';
import { sv } from '../../../ui/text/sv';
import { usePageTitle } from '../../../ui/usePageTitle';
import {
  refreshAfterUpload,
  useGetLegacyImportsQuery,
  useGetPendingImportsQuery,
  useGetRecentImportsQuery,
} from '../api';
import { LIST_POLLING } from '../limits';
import { mergeRecentImports } from '../recentImports';
import { importTexts } from '../texts';
import { useImportUser } from '../useImportUser';
import { ImportFileDialog } from './ImportFileDialog';
import { ImportNotice } from './ImportNotice';
import { PendingImports } from './PendingImports';
import { RecentImportsTable } from './RecentImportsTable';
import { SavedColumnMappings } from './SavedColumnMappings';
import { ValidationAnnouncer } from './ValidationAnnouncer';
import '../imports.css';

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
  const confirmed = (useLocation().state as { confirmed?: ConfirmedNotice } | null)?.confirmed;
  const [uploaded, setUploaded] = useState<Import | null>(null);
  const notices = importTexts.notices;
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
        {uploaded && (
          <ImportNotice key={uploaded.id} focusNow>
            {notices.uploaded(uploaded.fileName, uploaded.metadata.number ?? String(uploaded.metadata.id))}{' '}
            <Link to={`/import/${uploaded.id}`}>{notices.toSummary}</Link>
          </ImportNotice>
        )}
        {!uploaded && confirmed && (
          <ImportNotice>
            {notices.confirmed(confirmed.fileName, confirmed.pricelistNumber)}{' '}
            <Link to={confirmed.pricelistPath}>{notices.toPricelist(confirmed.pricelistNumber)}</Link>
          </ImportNotice>
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
