import type { InputHTMLAttributes } from 'react';
import { sv } from '../../ui/text/sv';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Ids of texts that describe the field (rules, errors), joined for aria-describedby. */
  describedBy?: (string | false | null | undefined)[];
  invalid?: boolean;
  /** What is wrong with this field (e.g. "Ange ditt lösenord."), shown between label and input. */
  error?: string | null;
}

/** The id of a field's own error text. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** A labelled, required input; the label shows "obligatoriskt" (docs/product.md, "Forms"). */
export function Field({ id, label, describedBy = [], invalid = false, error, ...input }: Props) {
  const errorId = error ? fieldErrorId(id) : null;
  const description = [errorId, ...describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>
        {label} <span className="auth-required">({sv.app.required})</span>
      </label>
      {error && (
        <p id={fieldErrorId(id)} className="error-text field-error">
          {error}
        </p>
      )}
      <input
        id={id}
        required
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={description}
        {...input}
      />
    </div>
  );
}

/** Moves focus to the first field that has an error, so its message is read out first. */
export function focusFirstInvalid(fieldIds: string[], errors: Record<string, string | null>) {
  const first = fieldIds.find((fieldId) => errors[fieldId]);
  if (first) document.getElementById(first)?.focus();
}
