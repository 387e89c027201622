import { type FormEvent, useState } from 'react';
import { apiKeyLimits } from '#contract/apiKeyRules';
import type { CreatedApiKey } from '#contract/apiKeys';
import { Field, type FieldClasses, FormAlert } from '../../ui/Field';
import { useFormErrors } from '../../ui/useFormErrors';
import { useCreateApiKeyMutation } from './api';
import { type KeyFormErrors, keyFormErrors } from './formRules';
import { apiKeyTexts } from './texts';

const focusIds: Record<keyof KeyFormErrors, string> = { name: 'api-key-name', expiresInDays: 'api-key-days' };
const fieldClasses: FieldClasses = {
  field: 'api-key-field',
  required: 'api-key-required',
  hint: 'api-key-hint',
};

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
  const { errors, formError, showErrors, showServerErrors } = useFormErrors(focusIds);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    if (showErrors(keyFormErrors(name, days))) return;
    try {
      const created = await createApiKey({ name: name.trim(), expiresInDays: Number(days.trim()) }).unwrap();
      // The secret stays in the page's state only, not in the store's record of the call.
      reset();
      setName('');
      setDays(String(apiKeyLimits.defaultExpiryDays));
      onCreated(created);
    } catch (error) {
      showServerErrors(error, texts.createFailed);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="api-key-form">
      <Field
        id={focusIds.name}
        name="name"
        classes={fieldClasses}
        label={texts.name}
        hint={texts.nameHint(apiKeyLimits.nameMaxLength)}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <Field
        id={focusIds.expiresInDays}
        name="expiresInDays"
        classes={fieldClasses}
        label={texts.days}
        hint={texts.daysHint(apiKeyLimits.minExpiryDays, apiKeyLimits.maxExpiryDays)}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="api-key-days"
        value={days}
        onChange={(event) => setDays(event.target.value)}
        error={errors.expiresInDays}
      />
      <FormAlert className="banner error" message={formError} />
      <button type="submit" className="button" aria-disabled={isLoading || undefined}>
        {texts.create}
      </button>
    </form>
  );
}
