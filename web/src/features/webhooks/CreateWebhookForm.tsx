import { type FormEvent, useState } from 'react';
import { type WebhookEventType, webhookEventTypes } from '#contract/webhookRules';
import type { CreatedWebhook } from '#contract/webhooks';
import { apiFailureOf } from '../../api/apiError';
import { sv } from '../../ui/text/sv';
import { useCreateWebhookMutation } from './api';
import { webhookTexts } from './texts';
import { WebhookEventName } from './WebhookEventName';

const urlId = 'webhook-url';
const eventsId = 'webhook-events';

interface FormErrors {
  url: string | null;
  events: string | null;
}
const noErrors: FormErrors = { url: null, events: null };

/** What the page can tell before sending; the server checks the rest (an address on the internet). */
export function webhookFormErrors(url: string, events: readonly string[]): FormErrors {
  const trimmed = url.trim();
  return {
    url:
      trimmed === ''
        ? webhookTexts.urlMissing
        : /^https?:\/\//i.test(trimmed)
          ? null
          : webhookTexts.urlNotHttps,
    events: events.length === 0 ? webhookTexts.eventsMissing : null,
  };
}

/**
 * "Lägg till en mottagare": the address and the events (all chosen to begin with). Errors are
 * named at each field, the first focused (decision 0013); the server's field errors alike.
 */
export function CreateWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const texts = webhookTexts;
  const [createWebhook, { isLoading, reset }] = useCreateWebhookMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...webhookEventTypes]);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [failure, setFailure] = useState<string | null>(null);

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    const first = found.url ? urlId : found.events ? `${eventsId}-${webhookEventTypes[0]}` : null;
    if (first) setTimeout(() => document.getElementById(first)?.focus(), 0);
    return first !== null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    if (showErrors(webhookFormErrors(url, events))) return;
    try {
      const created = await createWebhook({ url: url.trim(), events }).unwrap();
      // The secret stays in the page's state only, not in the store's record of the call.
      reset();
      setUrl('');
      setEvents([...webhookEventTypes]);
      onCreated(created);
    } catch (error) {
      const { fieldErrors, message } = apiFailureOf(error);
      const fromServer = { url: fieldErrors?.url ?? null, events: fieldErrors?.events ?? null };
      if (!showErrors(fromServer)) setFailure(message ?? texts.createFailed);
    }
  };

  const toggle = (type: WebhookEventType, checked: boolean) =>
    setEvents((chosen) => webhookEventTypes.filter((t) => (t === type ? checked : chosen.includes(t))));

  return (
    <form noValidate onSubmit={submit} className="webhook-form">
      <div className="webhook-field">
        <label htmlFor={urlId}>
          {texts.url} <span className="webhook-muted">({sv.app.required})</span>
        </label>
        <p id={`${urlId}-hint`} className="webhook-muted">
          {texts.urlHint}
        </p>
        {errors.url && (
          <p id={`${urlId}-error`} className="error-text">
            {errors.url}
          </p>
        )}
        <input
          id={urlId}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={[errors.url ? `${urlId}-error` : null, `${urlId}-hint`].filter(Boolean).join(' ')}
        />
      </div>
      <fieldset
        className="webhook-field webhook-events"
        aria-describedby={[errors.events ? `${eventsId}-error` : null, `${eventsId}-hint`]
          .filter(Boolean)
          .join(' ')}
      >
        <legend>{texts.events}</legend>
        <p id={`${eventsId}-hint`} className="webhook-muted">
          {texts.eventsHint}
        </p>
        {errors.events && (
          <p id={`${eventsId}-error`} className="error-text">
            {errors.events}
          </p>
        )}
        {webhookEventTypes.map((type) => (
          <div key={type} className="webhook-event">
            <input
              type="checkbox"
              id={`${eventsId}-${type}`}
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
              aria-describedby={`${eventsId}-${type}-description`}
            />
            <label htmlFor={`${eventsId}-${type}`}>
              <WebhookEventName type={type} />
            </label>
            <p id={`${eventsId}-${type}-description`} className="webhook-muted">
              {texts.eventDescriptions[type]}
            </p>
          </div>
        ))}
      </fieldset>
      {failure && (
        <p role="alert" className="banner error">
          {failure}
        </p>
      )}
      <button type="submit" className="button" aria-disabled={isLoading || undefined}>
        {texts.create}
      </button>
    </form>
  );
}
