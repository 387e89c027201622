import { useState } from 'react';
import { isValidationStatus } from '#contract/domain';
import type { Import } from '#contract/imports';
import { sv } from '../../../../ui/text/sv';
import { importTexts } from '../../texts';
import { ImportCard } from './ImportCard';
import { ImportNotice } from './ImportNotice';

interface PendingImportsProps {
  organizationId: number;
  imports: readonly Import[] | undefined;
  isError: boolean;
}

/** "Pågående": the VALIDATION_* imports under "Validering", the rest under "Inläsning" (docs/product.md, "API conventions"). */
export function PendingImports({ organizationId, imports, isError }: PendingImportsProps) {
  // A deleted card takes its focused button with it: the message that says what went takes the focus.
  const [deleted, setDeleted] = useState<string | null>(null);
  const validations = imports?.filter((item) => isValidationStatus(item.status)) ?? [];
  const importing = imports?.filter((item) => !isValidationStatus(item.status)) ?? [];

  return (
    <section className="pending" aria-labelledby="pending-heading">
      <h2 id="pending-heading" tabIndex={-1}>
        {importTexts.pending}
      </h2>
      {deleted && (
        <ImportNotice key={deleted} focusNow>
          {deleted}
        </ImportNotice>
      )}
      {isError && <p className="banner error">{sv.app.somethingWentWrong}</p>}
      <div className="pending__lists">
        <PendingList
          id="pending-validation"
          heading={importTexts.validation}
          empty={importTexts.noPendingValidations}
          organizationId={organizationId}
          imports={imports && validations}
          isLoading={!isError}
          onDeleted={setDeleted}
        />
        <PendingList
          id="pending-importing"
          heading={importTexts.importing}
          empty={importTexts.noPendingImports}
          organizationId={organizationId}
          imports={imports && importing}
          isLoading={!isError}
          onDeleted={setDeleted}
        />
      </div>
    </section>
  );
}

interface PendingListProps {
  id: string;
  heading: string;
  empty: string;
  organizationId: number;
  imports: readonly Import[] | undefined;
  isLoading: boolean;
  onDeleted: (note: string) => void;
}

function PendingList({
  id,
  heading,
  empty,
  organizationId,
  imports,
  isLoading,
  onDeleted,
}: PendingListProps) {
  return (
    <section className="pending__list" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      {imports === undefined ? (
        <p>{isLoading && sv.app.loading}</p>
      ) : imports.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="card-list">
          {imports.map((item) => (
            <li key={item.id}>
              <ImportCard organizationId={organizationId} item={item} onDeleted={onDeleted} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
