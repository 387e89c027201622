import { type FormEvent, useRef, useState } from 'react';
import type { RecentPriceChangesQuery } from '#contract/priceChanges';
import { describedByIds, FieldError, fieldErrorId, fieldHintId } from '../../ui/Field';
import { useFormErrors } from '../../ui/useFormErrors';
import { priceChangeTexts } from './texts';

/** The supplier and the days the page shows. */
export type ChosenChanges = Pick<RecentPriceChangesQuery, 'organizationId' | 'from' | 'to'>;

const ids = { supplier: 'price-changes-supplier', from: 'price-changes-from', to: 'price-changes-to' };
const focusIds = { from: ids.from, to: ids.to };
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * What is wrong with the days chosen, field by field (an empty field is every day). `unfinished`:
 * the fields whose date the browser could not read (a day half typed leaves the value empty).
 */
export function dayErrors(from: string, to: string, unfinished: { from?: boolean; to?: boolean } = {}) {
  const texts = priceChangeTexts;
  const fromError = unfinished.from || (from !== '' && !isDay(from)) ? texts.badDate : null;
  const toError =
    unfinished.to || (to !== '' && !isDay(to))
      ? texts.badDate
      : from !== '' && to !== '' && !fromError && to < from
        ? texts.toBeforeFrom
        : null;
  return { from: fromError, to: toError };
}

/** The supplier and the days to show; "Visa" applies them (a wrong day is named at its field). */
export function PriceChangesFilter({
  suppliers,
  onChoose,
}: {
  suppliers: readonly { id: number; name: string }[];
  onChoose: (chosen: ChosenChanges) => void;
}) {
  const texts = priceChangeTexts;
  const [supplier, setSupplier] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { errors, showErrors } = useFormErrors(focusIds);
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const unfinished = {
      from: fromInput.current?.validity.badInput ?? false,
      to: toInput.current?.validity.badInput ?? false,
    };
    if (showErrors(dayErrors(from, to, unfinished))) return;
    onChoose({
      ...(supplier !== '' && { organizationId: Number(supplier) }),
      ...(from !== '' && { from }),
      ...(to !== '' && { to }),
    });
  };

  const day = (key: 'from' | 'to', value: string, set: (value: string) => void) => (
    <div className="price-changes-field">
      <label htmlFor={ids[key]}>{texts[key]}</label>
      <FieldError id={ids[key]} error={errors[key]} />
      <input
        ref={key === 'from' ? fromInput : toInput}
        id={ids[key]}
        type="date"
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={Boolean(errors[key]) || undefined}
        aria-describedby={describedByIds([
          errors[key] && fieldErrorId(ids[key]),
          fieldHintId('price-changes-days'),
        ])}
      />
    </div>
  );

  return (
    <form
      className="price-changes-filter"
      aria-labelledby="price-changes-filter-heading"
      onSubmit={submit}
      noValidate
    >
      <h2 id="price-changes-filter-heading">{texts.filterHeading}</h2>
      <div className="price-changes-fields">
        <div className="price-changes-field">
          <label htmlFor={ids.supplier}>{texts.supplier}</label>
          <select id={ids.supplier} value={supplier} onChange={(event) => setSupplier(event.target.value)}>
            <option value="">{texts.allSuppliers}</option>
            {suppliers.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        {day('from', from, setFrom)}
        {day('to', to, setTo)}
      </div>
      <p id={fieldHintId('price-changes-days')} className="price-changes-hint">
        {texts.dateHint}
      </p>
      <button type="submit" className="button">
        {texts.show}
      </button>
    </form>
  );
}
