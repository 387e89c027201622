import { useId, useState } from 'react';
import type { WebhookEndpoint } from '#contract/webhooks';
import { ConfirmDialog, confirmCall } from '../../ui/ConfirmDialog';
import { errorTextOf } from '../../ui/errorText';
import { formatDateTime } from '../../ui/format';
import { Tag } from '../../ui/Tag';
import { useDeleteWebhookMutation, useSendTestEventMutation, useSetWebhookEnabledMutation } from './api';
import { webhookTexts } from './texts';
import { WebhookDeliveries } from './WebhookDeliveries';

/**
 * One endpoint: its address as the heading, whether it is on, its events, the buttons (test,
 * turn off or on, remove) and its latest deliveries. What a button did is said in a polite
 * status next to them; the buttons stay where they were, so the focus does too.
 */
export function WebhookEndpointCard({
  endpoint,
  onRemoved,
}: {
  endpoint: WebhookEndpoint;
  onRemoved: (endpoint: WebhookEndpoint) => void;
}) {
  const texts = webhookTexts;
  const headingId = useId();
  const [sendTest, test] = useSendTestEventMutation();
  const [setEnabled, toggle] = useSetWebhookEnabledMutation();
  const [deleteWebhook, removal] = useDeleteWebhookMutation();
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  const state = endpoint.enabled
    ? ({ tone: 'success', label: texts.on } as const)
    : endpoint.disabledReason === 'FAILURES'
      ? ({ tone: 'error', label: texts.offByFailures } as const)
      : ({ tone: 'neutral', label: texts.offByUser } as const);

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    setStatus(null);
    try {
      await action();
      setStatus({ text: done, error: false });
    } catch (error) {
      setStatus({ text: errorTextOf(error, failed), error: true });
    }
  };

  return (
    <section className="webhook-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="webhook-url">
        {endpoint.url}
      </h3>
      <p>
        <Tag tone={state.tone} label={state.label} />
      </p>
      <p>{texts.eventsOf(endpoint.events)}</p>
      <p className="webhook-muted">{texts.createdBy(formatDateTime(endpoint.created), endpoint.createdBy)}</p>
      <div className="button-row">
        {endpoint.enabled && (
          <button
            type="button"
            className="button"
            aria-describedby={headingId}
            aria-disabled={test.isLoading || undefined}
            onClick={() =>
              !test.isLoading &&
              void run(() => sendTest(endpoint.id).unwrap(), texts.testSent, texts.testFailed)
            }
          >
            {texts.sendTest}
          </button>
        )}
        <button
          type="button"
          className="button secondary"
          aria-describedby={headingId}
          aria-disabled={toggle.isLoading || undefined}
          onClick={() =>
            !toggle.isLoading &&
            void run(
              () => setEnabled({ id: endpoint.id, enabled: !endpoint.enabled }).unwrap(),
              endpoint.enabled ? texts.turnedOff : texts.turnedOn,
              texts.toggleFailed,
            )
          }
        >
          {endpoint.enabled ? texts.turnOff : texts.turnOn}
        </button>
        <ConfirmDialog
          trigger={{ label: texts.remove, className: 'button secondary', describedBy: headingId }}
          heading={texts.removeHeading}
          cancelLabel={texts.removeCancel}
          confirmLabel={texts.removeConfirm}
          isBusy={removal.isLoading}
          onConfirm={confirmCall(() => deleteWebhook(endpoint.id).unwrap(), texts.removeFailed)}
          onConfirmed={() => onRemoved(endpoint)}
        >
          <p className="webhook-url">{texts.removeText(endpoint.url)}</p>
        </ConfirmDialog>
      </div>
      <p role="status" className={status?.error ? 'error-text' : 'webhook-status'}>
        {status?.text ?? ''}
      </p>
      <WebhookDeliveries endpointId={endpoint.id} endpointUrl={endpoint.url} />
    </section>
  );
}
