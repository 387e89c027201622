import type { InputHTMLAttributes } from 'react';
import { sv } from '../../ui/text/sv';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Ids of texts that describe the field (rules, errors), joined for aria-describedby. */
  describedBy?: (string | false | null | undefined)[];
  invalid?: boolean;
}

/** A labelled, required input; the label shows "obligatoriskt" (specification §5). */
export function Field({ id, label, describedBy = [], invalid = false, ...input }: Props) {
  const description = describedBy.filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>
        {label} <span className="auth-required">({sv.app.required})</span>
      </label>
      <input id={id} required aria-invalid={invalid || undefined} aria-describedby={description} {...input} />
    </div>
  );
}
