import { type FormEvent, useState } from 'react';
import { apiKeyLimits } from '#contract/apiKeyRules';
import type { CreatedApiKey } from '#contract/apiKeys';
import { apiFailureOf } from '../../api/apiError';
import { sv } from '../../ui/text/sv';
import { useCreateApiKeyMutation } from './api';
import { type KeyFormErrors, keyFormErrors } from './formRules';
import { apiKeyTexts } from './texts';

const nameId = 'api-key-name';
const daysId = 'api-key-days';
const fieldIds: Record<keyof KeyFormErrors, string> = { name: nameId, expiresInDays: daysId };
const noErrors: KeyFormErrors = { name: null, expiresInDays: null };

/**
 * "Skapa en API-nyckel": a name and the days it lasts. Empty or wrong fields are named at each
 * field before anything is sent (decision 0013), the first of them focused; the server's field
 * errors are shown the same way.
 */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const texts = apiKeyTexts;
  const [createApiKey, { isLoading, reset }] = useCreateApiKeyMutation();
  const [name, setName] = useState('');
  const [days, setDays] = useState(String(apiKeyLimits.defaultExpiryDays));
  const [errors, setErrors] = useState<KeyFormErrors>(noErrors);
  const [failure, setFailure] = useState<string | null>(null);

  const showErrors = (found: KeyFormErrors) => {
    setErrors(found);
    const first = (Object.keys(fieldIds) as (keyof KeyFormErrors)[]).find((field) => found[field]);
    // After the render that ties the message to the field, so it is read with it.
    if (first) setTimeout(() => document.getElementById(fieldIds[first])?.focus(), 0);
    return first !== undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    if (showErrors(keyFormErrors(name, days))) return;
    try {
      const created = await createApiKey({ name: name.trim(), expiresInDays: Number(days.trim()) }).unwrap();
      // The secret stays in the page's state only, not in the store's record of the call.
      reset();
      setName('');
      setDays(String(apiKeyLimits.defaultExpiryDays));
      onCreated(created);
    } catch (error) {
      const { fieldErrors, message } = apiFailureOf(error);
      const fromServer = {
        name: fieldErrors?.name ?? null,
        expiresInDays: fieldErrors?.expiresInDays ?? null,
      };
      if (!showErrors(fromServer)) setFailure(message ?? texts.createFailed);
    }
  };

  const describedBy = (field: keyof KeyFormErrors, hintId: string) =>
    [errors[field] ? `${fieldIds[field]}-error` : null, hintId].filter(Boolean).join(' ');

  return (
    <form noValidate onSubmit={submit} className="api-key-form">
      <div className="api-key-field">
        <label htmlFor={nameId}>
          {texts.name} <span className="api-key-required">({sv.app.required})</span>
        </label>
        <p id={`${nameId}-hint`} className="api-key-hint">
          {texts.nameHint(apiKeyLimits.nameMaxLength)}
        </p>
        {errors.name && (
          <p id={`${nameId}-error`} className="error-text">
            {errors.name}
          </p>
        )}
        <input
          id={nameId}
          name="name"
          autoComplete="off"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name', `${nameId}-hint`)}
        />
      </div>
      <div className="api-key-field">
        <label htmlFor={daysId}>
          {texts.days} <span className="api-key-required">({sv.app.required})</span>
        </label>
        <p id={`${daysId}-hint`} className="api-key-hint">
          {texts.daysHint(apiKeyLimits.minExpiryDays, apiKeyLimits.maxExpiryDays)}
        </p>
        {errors.expiresInDays && (
          <p id={`${daysId}-error`} className="error-text">
            {errors.expiresInDays}
          </p>
        )}
        <input
          id={daysId}
          name="expiresInDays"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          className="api-key-days"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          aria-invalid={errors.expiresInDays ? true : undefined}
          aria-describedby={describedBy('expiresInDays', `${daysId}-hint`)}
        />
      </div>
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
