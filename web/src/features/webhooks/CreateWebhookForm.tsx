import { type FormEvent, useState } from 'react';
import { IMPORT_PERMISSION } from '#contract/permissions';
import { type WebhookEventType, webhookEventsFor } from '#contract/webhookRules';
import type { CreatedWebhook } from '#contract/webhooks';
import { hasPermission, useGetProfileQuery } from '../../api/profile';
import {
  describedByIds,
  Field,
  type FieldClasses,
  FieldError,
  FormAlert,
  fieldErrorId,
  fieldHintId,
} from '../../ui/Field';
import { type TextFieldSpec, useFormFields } from '../../ui/useFormFields';
import { useCreateWebhookMutation } from './api';
import { webhookTexts } from './texts';
import { WebhookEventName } from './WebhookEventName';

const eventsId = 'webhook-events';

interface FormErrors {
  url: string | null;
  events: string | null;
}
const fieldClasses: FieldClasses = {
  field: 'webhook-field',
  required: 'webhook-muted',
  hint: 'webhook-muted',
};
const fields = {
  url: {
    id: 'webhook-url',
    label: webhookTexts.url,
    hint: webhookTexts.urlHint,
    type: 'url',
    inputMode: 'url',
    autoComplete: 'off',
    spellCheck: false,
  },
} satisfies Record<string, TextFieldSpec>;

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
 * "Lägg till en mottagare": the address and the events the user may ask for (all chosen to begin
 * with: every event for a supplier who imports, only "pricelist.changed" for a region's user). Errors are
 * named at each field, the first focused (decision 0013); the server's field errors alike.
 */
export function CreateWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const texts = webhookTexts;
  const [createWebhook, { isLoading, reset }] = useCreateWebhookMutation();
  const { data: profile } = useGetProfileQuery();
  const offered = webhookEventsFor(hasPermission(profile, IMPORT_PERMISSION));
  // What the user unticked: the events are the rest of those offered, whenever the profile came.
  const [unticked, setUnticked] = useState<readonly WebhookEventType[]>([]);
  const events = offered.filter((type) => !unticked.includes(type));
  // The events' message belongs to their group; the focus goes to its first box.
  const form = useFormFields(fields, fieldClasses, { events: `${eventsId}-${offered[0]}` });
  const { url } = form.values;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    if (form.showErrors(webhookFormErrors(url, events))) return;
    try {
      const created = await createWebhook({ url: url.trim(), events }).unwrap();
      // The secret stays in the page's state only, not in the store's record of the call.
      reset();
      form.clear();
      setUnticked([]);
      onCreated(created);
    } catch (error) {
      form.showServerErrors(error, texts.createFailed);
    }
  };

  const toggle = (type: WebhookEventType, checked: boolean) =>
    setUnticked((before) => (checked ? before.filter((t) => t !== type) : [...before, type]));

  return (
    <form noValidate onSubmit={submit} className="webhook-form">
      <Field {...form.field('url')} />
      <fieldset
        className="webhook-field webhook-events"
        aria-describedby={describedByIds([
          form.errors.events && fieldErrorId(eventsId),
          fieldHintId(eventsId),
        ])}
      >
        <legend>{texts.events}</legend>
        <p id={fieldHintId(eventsId)} className="webhook-muted">
          {texts.eventsHint}
        </p>
        <FieldError id={eventsId} error={form.errors.events} />
        {offered.map((type) => (
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
      <FormAlert className="banner error" message={form.formError} />
      <button type="submit" className="button" aria-disabled={isLoading || undefined}>
        {texts.create}
      </button>
    </form>
  );
}
