import { pricelistTimeStatusLabels } from '#contract/domain';
import type { ActivePricelist } from '#contract/pricelists';
import { sv } from '../../../ui/text/sv';
import { SelectField } from './SelectField';

export type PricelistChoices =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; pricelists: readonly ActivePricelist[] };

interface PricelistSelectProps {
  choices: PricelistChoices;
  value: number | null;
  error: string | null;
  isDisabled: boolean;
  onChange: (pricelistId: number | null) => void;
}

/** The active price lists as "number (status)" (docs/product.md, "Forms"), or why there are none (§8). */
export function PricelistSelect({ choices, value, error, isDisabled, onChange }: PricelistSelectProps) {
  if (choices.state === 'loading') return <p className="field">{sv.imports.dialog.loadingPricelists}</p>;
  const problem =
    choices.state === 'failed'
      ? sv.imports.pricelistsFailed
      : choices.pricelists.length === 0
        ? sv.imports.noActivePricelists
        : null;
  if (problem || choices.state !== 'loaded') {
    return (
      <div className="field">
        <span className="field__label">{sv.imports.fields.pricelistNumber}</span>
        <p className="error-text" role="alert">
          {problem}
        </p>
      </div>
    );
  }
  return (
    <SelectField
      label={sv.imports.fields.pricelistNumber}
      placeholder={sv.imports.dialog.pricelistPlaceholder}
      options={choices.pricelists.map((pricelist) => ({
        id: pricelist.id,
        label: sv.imports.dialog.pricelistOption(
          pricelist.number,
          pricelistTimeStatusLabels[pricelist.status],
        ),
      }))}
      value={value}
      error={error}
      isDisabled={isDisabled}
      onChange={onChange}
    />
  );
}
