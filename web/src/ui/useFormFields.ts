import { type ChangeEvent, type HTMLAttributes, useState } from 'react';
import type { FieldClasses, FieldProps } from './Field';
import { type FieldErrors, useFormErrors } from './useFormErrors';

/** One text field of a form: what `Field` shows, and what an empty value means. */
export interface TextFieldSpec {
  id: string;
  label: string;
  autoComplete: string;
  /** The input's name; the field's key when left out. */
  name?: string;
  type?: 'text' | 'password' | 'email' | 'url';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  hint?: string;
  className?: string;
  spellCheck?: boolean;
  /** The value the form starts with, and returns to when cleared; empty when left out. */
  initial?: string;
  /** Said at the field when it is left empty. */
  missing?: string;
  /** Whether spaces alone count as empty (a name does; a password's spaces are its own). */
  trimmed?: boolean;
}

/** What a form marks on one field beyond its own message: a form-wide alert, a rule above. */
export type FieldExtras = Pick<FieldProps, 'invalid' | 'describedBy'>;

/**
 * The state of a form's text fields and what is wrong with them (`useFormErrors`): `field(key)`
 * gives a `Field` everything it shows (label, value, hint, its message), so a form places its
 * fields and writes only what is its own: its checks, its call and its alerts. `groups` names,
 * after the text fields in the form's order, the element to focus for each field the form draws
 * itself (a group of check boxes).
 */
export function useFormFields<Key extends string, Group extends string = never>(
  specs: Readonly<Record<Key, TextFieldSpec>>,
  classes: FieldClasses,
  groups?: Readonly<Record<Group, string>>,
) {
  const keys = Object.keys(specs) as Key[];
  const focusIds = {
    ...Object.fromEntries(keys.map((key) => [key, specs[key].id])),
    ...groups,
  } as Record<Key | Group, string>;
  const formErrors = useFormErrors(focusIds);
  const initial = () =>
    Object.fromEntries(keys.map((key) => [key, specs[key].initial ?? ''])) as Record<Key, string>;
  const [values, setValues] = useState(initial);

  const field = (key: Key, extras: FieldExtras = {}): FieldProps => {
    const { initial: _initial, missing: _missing, trimmed: _trimmed, name, ...shown } = specs[key];
    return {
      ...shown,
      ...extras,
      name: name ?? key,
      classes,
      value: values[key],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((before) => ({ ...before, [key]: value }));
      },
      error: formErrors.errors[key],
    };
  };

  /** Each empty text field's `missing` text, in the form of `showErrors`. */
  const emptyErrors = (): FieldErrors<Key> =>
    Object.fromEntries(
      keys.map((key) => {
        const { missing, trimmed } = specs[key];
        const value = trimmed ? values[key].trim() : values[key];
        return [key, missing !== undefined && value === '' ? missing : null];
      }),
    ) as FieldErrors<Key>;

  return { ...formErrors, values, field, emptyErrors, clear: () => setValues(initial()) };
}
