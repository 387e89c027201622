import type { ApiKey } from '#contract/apiKeys';
import { ConfirmDialog, confirmCall } from '../../ui/ConfirmDialog';
import { type DataColumn, DataTable } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format';
import { Tag } from '../../ui/Tag';
import { useRevokeApiKeyMutation } from './api';
import { apiKeyTexts } from './texts';

const texts = apiKeyTexts;
const nameIdOf = (key: ApiKey) => `api-key-${key.id}-name`;

const keyColumns: DataColumn<ApiKey>[] = [
  {
    header: texts.columns.name,
    rowHeader: true,
    className: 'api-key-table__name',
    cellId: nameIdOf,
    cell: (key) => key.name,
  },
  { header: texts.columns.key, cell: (key) => <code>{key.hint}</code> },
  { header: texts.columns.created, cell: (key) => formatDateTime(key.created) },
  {
    header: texts.columns.expires,
    cell: (key) => (
      <>
        {formatDateTime(key.expires)}
        {key.expired && (
          <>
            {' '}
            <Tag tone="error" label={texts.expired} />
          </>
        )}
      </>
    ),
  },
  {
    header: texts.columns.lastUsed,
    cell: (key) => (key.lastUsed ? formatDateTime(key.lastUsed) : texts.neverUsed),
  },
];

/**
 * The owner's keys: name, hint, dates, last use and "Återkalla", which asks first. Below md each
 * key is a card (`cardsWhenNarrow`), so its name and "Återkalla" fit at 375 px without scrolling.
 */
export function ApiKeyTable({ keys, onRevoked }: { keys: ApiKey[]; onRevoked: (key: ApiKey) => void }) {
  const [revokeApiKey, { isLoading }] = useRevokeApiKeyMutation();
  const revokeColumn: DataColumn<ApiKey> = {
    header: texts.columns.action,
    cardLabel: false,
    cell: (key) => (
      <ConfirmDialog
        trigger={{ label: texts.revoke, className: 'button secondary', describedBy: nameIdOf(key) }}
        heading={texts.revokeHeading}
        cancelLabel={texts.revokeCancel}
        confirmLabel={texts.revokeConfirm}
        isBusy={isLoading}
        onConfirm={confirmCall(() => revokeApiKey(key.id).unwrap(), texts.revokeFailed)}
        onConfirmed={() => onRevoked(key)}
      >
        <p>{texts.revokeText(key.name, key.hint)}</p>
      </ConfirmDialog>
    ),
  };
  return (
    <DataTable
      label={texts.listHeading}
      className="api-key-table"
      cardsWhenNarrow
      columns={[...keyColumns, revokeColumn]}
      rows={keys}
      rowKey={(key) => key.id}
    />
  );
}
