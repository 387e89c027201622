import type { ApiKey } from '#contract/apiKeys';
import { ConfirmDialog, confirmCall } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { Tag } from '../../ui/Tag';
import { useRevokeApiKeyMutation } from './api';
import { apiKeyTexts } from './texts';

/**
 * The owner's keys: name, hint, dates, last use and "Återkalla", which asks first. Below md each
 * key is a card (apiKeys.css), so its name and "Återkalla" fit at 375 px without scrolling.
 */
export function ApiKeyTable({ keys, onRevoked }: { keys: ApiKey[]; onRevoked: (key: ApiKey) => void }) {
  const texts = apiKeyTexts;
  const [revokeApiKey, { isLoading }] = useRevokeApiKeyMutation();
  const columns = texts.columns;
  return (
    <ScrollRegion label={texts.listHeading}>
      <table className="data-table api-key-table">
        <caption className="visually-hidden">{texts.listHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.name}</th>
            <th scope="col">{columns.key}</th>
            <th scope="col">{columns.created}</th>
            <th scope="col">{columns.expires}</th>
            <th scope="col">{columns.lastUsed}</th>
            <th scope="col">{columns.action}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const nameId = `api-key-${key.id}-name`;
            return (
              <tr key={key.id}>
                <th scope="row" id={nameId} className="api-key-table__name">
                  {key.name}
                </th>
                <td data-label={columns.key}>
                  <code>{key.hint}</code>
                </td>
                <td data-label={columns.created}>{formatDateTime(key.created)}</td>
                <td data-label={columns.expires}>
                  {formatDateTime(key.expires)}
                  {key.expired && (
                    <>
                      {' '}
                      <Tag tone="error" label={texts.expired} />
                    </>
                  )}
                </td>
                <td data-label={columns.lastUsed}>
                  {key.lastUsed ? formatDateTime(key.lastUsed) : texts.neverUsed}
                </td>
                <td className="api-key-table__action">
                  <ConfirmDialog
                    trigger={{ label: texts.revoke, className: 'button secondary', describedBy: nameId }}
                    heading={texts.revokeHeading}
                    cancelLabel={texts.revokeCancel}
                    confirmLabel={texts.revokeConfirm}
                    isBusy={isLoading}
                    onConfirm={confirmCall(() => revokeApiKey(key.id).unwrap(), texts.revokeFailed)}
                    onConfirmed={() => onRevoked(key)}
                  >
                    <p>{texts.revokeText(key.name, key.hint)}</p>
                  </ConfirmDialog>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
