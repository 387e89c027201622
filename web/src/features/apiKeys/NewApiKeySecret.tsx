import type { CreatedApiKey } from '#contract/apiKeys';
import { formatDateTime } from '../../ui/format';
import { OneTimeSecret } from '../../ui/OneTimeSecret';
import { apiKeyTexts } from './texts';

/** The new key's secret, shown this once (ui/OneTimeSecret), with when the key stops working. */
export function NewApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const texts = apiKeyTexts;
  return (
    <OneTimeSecret
      heading={texts.createdHeading(created.key.name)}
      secret={created.secret}
      texts={texts}
      after={<p>{texts.expiresOn(formatDateTime(created.key.expires))}</p>}
      onDone={onDone}
    >
      <p>
        <strong>{texts.showOnce}</strong>
      </p>
      <p>{texts.likePassword}</p>
    </OneTimeSecret>
  );
}
