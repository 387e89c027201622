import { useEffect, useState } from 'react';
import { apiFailureOf } from '../api/apiError';
import { errorTextOf } from './errorText';

export type FieldErrors<Key extends string> = Partial<Record<Key, string | null>>;

/**
 * What is wrong with a form: a message at each field that has one, and one for the form as a
 * whole (shown with `FormAlert`).
 *
 * `showErrors` sets the fields' messages all at once (a field without one is no longer marked),
 * clears the form's, and says whether any field has one, so the form sends nothing then.
 * `focusIds` names, in the form's order, the element each field's message belongs to: the first
 * field with a message takes the focus after the render that ties the message to it, so a screen
 * reader reads the two together. Each refused submit moves the focus again.
 */
export function useFormErrors<Key extends string>(focusIds: Readonly<Record<Key, string>>) {
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A new object on every refusal, so the same field is focused again after a second one.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  const showErrors = (found: FieldErrors<Key>) => {
    setErrors(found);
    setFormError(null);
    const first = (Object.keys(focusIds) as Key[]).find((key) => found[key]);
    if (first !== undefined) setFocusRequest({ id: focusIds[first] });
    return first !== undefined;
  };

  /**
   * A refused call: the server's messages for this form's fields are shown at them, as the form's
   * own are; when it names none of them, its message (or `fallback`) is the form's.
   */
  const showServerErrors = (failure: unknown, fallback: string) => {
    const { fieldErrors } = apiFailureOf(failure);
    const keys = Object.keys(focusIds) as Key[];
    const atFields = Object.fromEntries(keys.map((key) => [key, fieldErrors?.[key] ?? null]));
    if (!showErrors(atFields as FieldErrors<Key>)) setFormError(errorTextOf(failure, fallback));
  };

  return { errors, formError, setFormError, showErrors, showServerErrors };
}
