import type { FormEvent } from 'react';
import { apiKeyLimits } from '#contract/apiKeyRules';
import type { CreatedApiKey } from '#contract/apiKeys';
import { Field, type FieldClasses, FormAlert } from '../../ui/Field';
import { type TextFieldSpec, useFormFields } from '../../ui/useFormFields';
import { useCreateApiKeyMutation } from './api';
import { type KeyFormErrors, keyFormErrors } from './formRules';
import { apiKeyTexts } from './texts';

const fieldClasses: FieldClasses = {
  field: 'api-key-field',
  required: 'api-key-required',
  hint: 'api-key-hint',
};
const fields: Record<keyof KeyFormErrors, TextFieldSpec> = {
  name: {
    id: 'api-key-name',
    label: apiKeyTexts.name,
    hint: apiKeyTexts.nameHint(apiKeyLimits.nameMaxLength),
    autoComplete: 'off',
  },
  expiresInDays: {
    id: 'api-key-days',
    label: apiKeyTexts.days,
    hint: apiKeyTexts.daysHint(apiKeyLimits.minExpiryDays, apiKeyLimits.maxExpiryDays),
    initial: String(apiKeyLimits.defaultExpiryDays),
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    className: 'api-key-days',
  },
};

/**
 * "Skapa en API-nyckel": a name and the days it lasts. Empty or wrong fields are named at each
 * field before anything is sent (decision 0013), the first of them focused; the server's field
 * errors are shown the same way.
 */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const texts = apiKeyTexts;
  const [createApiKey, { isLoading, reset }] = useCreateApiKeyMutation();
  const form = useFormFields(fields, fieldClasses);
  const { name, expiresInDays: days } = form.values;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    if (form.showErrors(keyFormErrors(name, days))) return;
    try {
      const created = await createApiKey({ name: name.trim(), expiresInDays: Number(days.trim()) }).unwrap();
      // The secret stays in the page's state only, not in the store's record of the call.
      reset();
      form.clear();
      onCreated(created);
    } catch (error) {
      form.showServerErrors(error, texts.createFailed);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="api-key-form">
      <Field {...form.field('name')} />
      <Field {...form.field('expiresInDays')} />
      <FormAlert className="banner error" message={form.formError} />
      <button type="submit" className="button" aria-disabled={isLoading || undefined}>
        {texts.create}
      </button>
    </form>
  );
}
