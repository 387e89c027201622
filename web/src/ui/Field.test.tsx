import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { describedByIds, Field, type FieldClasses, FormAlert } from './Field';
import { useFormErrors } from './useFormErrors';

const classes: FieldClasses = { field: 'test-field', required: 'test-required', hint: 'test-hint' };
const focusIds = { name: 'test-name', email: 'test-email' };

/** A failed call as RTK Query gives it, with the API's error body. */
const refused = (message: string, errors?: Record<string, string>) => ({
  status: 400,
  data: { error: { code: 'VALIDATION_FAILED', message, ...(errors ? { errors } : {}) } },
});

/**
 * A form as the pages write one: two required fields, one with a hint, and a message for the
 * whole form; filled in, it is "sent" and gets `refusal` back.
 */
function TestForm({ refusal }: { refusal?: unknown }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const { errors, formError, showErrors, showServerErrors } = useFormErrors(focusIds);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = showErrors({
      name: name === '' ? 'Ange ett namn.' : null,
      email: email === '' ? 'Ange en e-postadress.' : null,
    });
    if (!missing && refusal !== undefined) showServerErrors(refusal, 'Kunde inte skicka.');
  };
  return (
    <form noValidate onSubmit={submit}>
      <Field
        id={focusIds.name}
        classes={classes}
        label="Namn"
        hint="Högst 100 tecken."
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        invalid={formError !== null}
        describedBy={[formError && 'test-failure']}
      />
      <Field
        id={focusIds.email}
        classes={classes}
        label="E-postadress"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <FormAlert id="test-failure" message={formError} />
      <button type="submit">Skicka</button>
    </form>
  );
}

const fields = () => ({
  name: screen.getByLabelText('Namn (obligatoriskt)'),
  email: screen.getByLabelText('E-postadress (obligatoriskt)'),
  send: screen.getByRole('button', { name: 'Skicka' }),
});

/** Fills in the form and sends it, to get `refusal` back. */
async function sendFilled(refusal: unknown) {
  const user = userEvent.setup();
  render(<TestForm refusal={refusal} />);
  const shown = fields();
  await user.type(shown.name, 'Anna');
  await user.type(shown.email, 'anna@example.se');
  await user.click(shown.send);
  return { user, ...shown };
}

describe('a form field and its message', () => {
  it('is labelled as required and read with its hint, unmarked until something is wrong', () => {
    render(<TestForm />);
    const { name, email } = fields();
    expect(name).toBeRequired();
    expect(name).toHaveAccessibleDescription('Högst 100 tecken.');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAttribute('aria-describedby');
    // Each area keeps its own look through the classes it gives.
    const box = name.closest('div')!;
    expect(box).toHaveClass('test-field');
    expect(box.querySelector('label span')).toHaveClass('test-required');
    expect(screen.getByText('Högst 100 tecken.')).toHaveClass('test-hint');
  });

  it('names each empty field at the field, message before hint, and focuses the first', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    const { name, email, send } = fields();
    // What a screen reader reads as the focus arrives: the message is tied to the field by then.
    let describedOnFocus: string | null = null;
    name.addEventListener('focus', () => {
      describedOnFocus = name.getAttribute('aria-describedby');
    });
    await user.click(send);
    expect(name).toHaveFocus();
    expect(describedOnFocus).toBe('test-name-error test-name-hint');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Ange ett namn. Högst 100 tecken.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Ange en e-postadress.');
    // Between the label and the input, so it is seen before the field is filled in.
    const message = screen.getByText('Ange ett namn.');
    expect(message.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks only what is still wrong, and focuses it again on every refused submit', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    const { name, email, send } = fields();
    await user.click(send);
    await user.type(name, 'Anna');
    await user.click(send);
    expect(email).toHaveFocus();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveAccessibleDescription('Högst 100 tecken.');
    expect(screen.queryByText('Ange ett namn.')).toBeNull();
    await user.click(send);
    expect(email).toHaveFocus();
  });

  it('ties a message about the whole form to the fields it names, announced, and moves no focus', async () => {
    const { user, name, email, send } = await sendFilled(refused('Fel namn eller e-postadress.'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Fel namn eller e-postadress.');
    expect(alert).toHaveAttribute('id', 'test-failure');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Högst 100 tecken. Fel namn eller e-postadress.');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(send).toHaveFocus();
    // A field's own message replaces it.
    await user.clear(email);
    await user.click(send);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(email).toHaveFocus();
  });
});

describe("the server's messages for the fields", () => {
  it('are shown at the fields they name, the first focused, with no message for the form', async () => {
    const { name, email } = await sendFilled(
      refused('Uppgifterna är fel.', { email: 'Adressen används redan.' }),
    );
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Adressen används redan.');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("leave the server's message to the form when they name none of its fields", async () => {
    const { send } = await sendFilled(refused('Uppgifterna är fel.', { other: 'Okänt fält.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Uppgifterna är fel.');
    expect(screen.queryByText('Okänt fält.')).toBeNull();
    expect(send).toHaveFocus();
  });

  it("give the form's own words when the server said nothing", async () => {
    await sendFilled({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(screen.getByRole('alert')).toHaveTextContent('Kunde inte skicka.');
  });
});

describe('describedByIds', () => {
  it('joins the ids that are there, in order, and gives no attribute for none', () => {
    expect(describedByIds(['a-error', null, 'a-hint', false, undefined, 'form-alert'])).toBe(
      'a-error a-hint form-alert',
    );
    expect(describedByIds([null, false])).toBeUndefined();
  });
});
