import type { InputHTMLAttributes } from 'react';
import { sv } from './text/sv';

/** The id of a field's own error text. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** The id of a field's hint, the rule shown under its label. */
export const fieldHintId = (id: string) => `${id}-hint`;

/** Ids of the texts that describe a field, in reading order, for aria-describedby. */
export const describedByIds = (ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** Each area keeps its own look: the field's box, "(obligatoriskt)" and the hint. */
export interface FieldClasses {
  field: string;
  required: string;
  hint?: string;
}

/**
 * What is wrong with one field (or group of fields), shown between its label and its input. The
 * field names it first in its aria-describedby, so it is read before the hint.
 */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(id)} className="error-text field-error">
      {error}
    </p>
  );
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  classes: FieldClasses;
  /** The field's rule (e.g. how long a name may be), always read with it. */
  hint?: string;
  /** What is wrong with this field (e.g. "Ange ditt lösenord."). */
  error?: string | null;
  /** Marked invalid for a reason said elsewhere (a refused sign-in under the form). */
  invalid?: boolean;
  /** Further ids of texts that describe the field (a rule above the form, a form's alert). */
  describedBy?: (string | false | null | undefined)[];
}

/** A labelled, required input; the label shows "obligatoriskt" (docs/product.md, "Forms"). */
export function Field({
  id,
  label,
  classes,
  hint,
  error,
  invalid = false,
  describedBy = [],
  ...input
}: FieldProps) {
  return (
    <div className={classes.field}>
      <label htmlFor={id}>
        {label} <span className={classes.required}>({sv.app.required})</span>
      </label>
      {hint && (
        <p id={fieldHintId(id)} className={classes.hint}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
      <input
        id={id}
        required
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={describedByIds([
          error && fieldErrorId(id),
          hint && fieldHintId(id),
          ...describedBy,
        ])}
        {...input}
      />
    </div>
  );
}

interface FormAlertProps {
  /** For the fields that point to it in their aria-describedby. */
  id?: string;
  /** `error-text` under a sign-in form; a page's forms use `banner error`. */
  className?: string;
  message: string | null;
}

/** What is wrong with the form as a whole (a refused sign-in, a failed save), announced as it appears. */
export function FormAlert({ id, className = 'error-text', message }: FormAlertProps) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={className}>
      {message}
    </p>
  );
}
