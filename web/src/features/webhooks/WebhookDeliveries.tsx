import { useId } from 'react';
import type { WebhookDelivery } from '#contract/webhooks';
import { formatDateTime } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { Tag, type TagTone } from '../../ui/Tag';
import { useGetDeliveriesQuery } from './api';
import { WEBHOOKS_POLLING } from './polling';
import { webhookTexts } from './texts';
import { WebhookEventName } from './WebhookEventName';

const toneOf: Record<WebhookDelivery['status'], TagTone> = {
  PENDING: 'pending',
  DELIVERED: 'success',
  FAILED: 'error',
};

/**
 * An endpoint's latest deliveries: event, status, answer code, attempts, time and why it failed.
 * Refreshed while the page is open and its tab in front (WEBHOOKS_POLLING), and on "Uppdatera".
 */
export function WebhookDeliveries({ endpointId, endpointUrl }: { endpointId: number; endpointUrl: string }) {
  const texts = webhookTexts;
  const columns = texts.deliveryColumns;
  const headingId = useId();
  const { data: deliveries, refetch, isFetching } = useGetDeliveriesQuery(endpointId, WEBHOOKS_POLLING);

  return (
    <div className="webhook-deliveries">
      <div className="webhook-deliveries__header">
        <h4 id={headingId}>{texts.deliveriesHeading}</h4>
        <button
          type="button"
          className="button secondary"
          aria-describedby={headingId}
          aria-disabled={isFetching || undefined}
          onClick={() => !isFetching && void refetch()}
        >
          {texts.refresh}
        </button>
      </div>
      {deliveries && deliveries.length === 0 && <p>{texts.noDeliveries}</p>}
      {deliveries && deliveries.length > 0 && (
        <ScrollRegion label={`${texts.deliveriesHeading}: ${endpointUrl}`}>
          <table className="data-table webhook-deliveries__table">
            <caption className="visually-hidden">{`${texts.deliveriesHeading}: ${endpointUrl}`}</caption>
            <thead>
              <tr>
                <th scope="col">{columns.event}</th>
                <th scope="col">{columns.status}</th>
                <th scope="col" className="numeric">
                  {columns.code}
                </th>
                <th scope="col" className="numeric">
                  {columns.attempts}
                </th>
                <th scope="col">{columns.time}</th>
                <th scope="col">{columns.detail}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row">
                    <WebhookEventName type={delivery.eventType} />
                  </th>
                  <td>
                    <Tag tone={toneOf[delivery.status]} label={texts.deliveryStatus[delivery.status]} />
                  </td>
                  <td className="numeric">{delivery.lastStatusCode ?? '-'}</td>
                  <td className="numeric">{delivery.attempts}</td>
                  <td>{delivery.lastAttempt ? formatDateTime(delivery.lastAttempt) : texts.notTried}</td>
                  <td>
                    {delivery.lastError}
                    {delivery.nextAttempt &&
                      delivery.attempts > 0 &&
                      ` ${texts.nextAttempt(formatDateTime(delivery.nextAttempt))}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
