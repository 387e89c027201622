import { useId } from 'react';
import type { WebhookDelivery } from '#contract/webhooks';
import { type DataColumn, DataTable } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format';
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

const texts = webhookTexts;
const columns = texts.deliveryColumns;

const deliveryColumns: DataColumn<WebhookDelivery>[] = [
  {
    header: columns.event,
    rowHeader: true,
    cell: (delivery) => <WebhookEventName type={delivery.eventType} />,
  },
  {
    header: columns.status,
    cell: (delivery) => <Tag tone={toneOf[delivery.status]} label={texts.deliveryStatus[delivery.status]} />,
  },
  { header: columns.code, numeric: true, cell: (delivery) => delivery.lastStatusCode ?? '-' },
  { header: columns.attempts, numeric: true, cell: (delivery) => delivery.attempts },
  {
    header: columns.time,
    cell: (delivery) => (delivery.lastAttempt ? formatDateTime(delivery.lastAttempt) : texts.notTried),
  },
  {
    header: columns.detail,
    cell: (delivery) => (
      <>
        {delivery.lastError}
        {delivery.nextAttempt &&
          delivery.attempts > 0 &&
          ` ${texts.nextAttempt(formatDateTime(delivery.nextAttempt))}`}
      </>
    ),
  },
];

/**
 * An endpoint's latest deliveries: event, status, answer code, attempts, time and why it failed.
 * Refreshed while the page is open and its tab in front (WEBHOOKS_POLLING), and on "Uppdatera".
 */
export function WebhookDeliveries({ endpointId, endpointUrl }: { endpointId: number; endpointUrl: string }) {
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
        <DataTable
          label={`${texts.deliveriesHeading}: ${endpointUrl}`}
          className="webhook-deliveries__table"
          columns={deliveryColumns}
          rows={deliveries}
          rowKey={(delivery) => delivery.id}
        />
      )}
    </div>
  );
}
