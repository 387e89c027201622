import type { CreatedWebhook } from '#contract/webhooks';
import { OneTimeSecret } from '../../ui/OneTimeSecret';
import { webhookTexts } from './texts';

/** The new endpoint's signing secret, shown this once (ui/OneTimeSecret), under its address. */
export function NewWebhookSecret({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const texts = webhookTexts;
  return (
    <OneTimeSecret heading={texts.createdHeading} secret={created.secret} texts={texts} onDone={onDone}>
      <p className="webhook-url">{created.endpoint.url}</p>
      <p>
        <strong>{texts.showOnce}</strong>
      </p>
    </OneTimeSecret>
  );
}
