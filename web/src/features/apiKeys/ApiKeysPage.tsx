import './apiKeys.css';
import type { ApiKey, CreatedApiKey } from '#contract/apiKeys';
import { CreateAndList, useCreateAndList } from '../../ui/CreateAndList';
import { usePageTitle } from '../../ui/usePageTitle';
import { ApiKeyTable } from './ApiKeyTable';
import { useGetApiKeysQuery } from './api';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { NewApiKeySecret } from './NewApiKeySecret';
import { apiKeyTexts } from './texts';
import { ValidationMails } from './ValidationMails';

/**
 * /api-nycklar: the signed-in supplier's API keys (docs/api-keys.md). A new key's secret is shown
 * once, above the form, until the user leaves the page or says it is saved; a revoked key leaves a
 * notice that takes the focus, since the row with its button is gone.
 */
export function ApiKeysPage() {
  const texts = apiKeyTexts;
  usePageTitle(texts.heading);
  const { data: keys, isError, isLoading } = useGetApiKeysQuery();
  const page = useCreateAndList<CreatedApiKey, ApiKey>();

  return (
    <div className="api-keys-page">
      <h1 tabIndex={-1}>{texts.heading}</h1>
      <p>{texts.intro}</p>
      <p>{texts.advice}</p>
      <p>
        {texts.referenceBefore}{' '}
        {/* Outside the SPA: a page of the server's own (docs/decisions/0036-own-api-reference-page.md). */}
        <a href="/api-dokumentation">{texts.referenceLink}</a>.
      </p>
      <CreateAndList
        idPrefix="api-keys"
        texts={texts}
        page={page}
        secret={(created) => (
          <NewApiKeySecret key={created.key.id} created={created} onDone={page.secretDone} />
        )}
        removedNotice={(revoked) => texts.revoked(revoked.name)}
        form={<CreateApiKeyForm onCreated={page.made} />}
        list={{ isLoading, isError, isEmpty: keys?.length === 0 }}
      >
        {keys && keys.length > 0 && (
          <ApiKeyTable keys={keys} onRevoked={(key) => page.gone(key, (shown) => shown.key.id === key.id)} />
        )}
      </CreateAndList>
      <ValidationMails />
    </div>
  );
}
