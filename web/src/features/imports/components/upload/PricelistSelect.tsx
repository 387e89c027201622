import { pricelistTimeStatusLabels } from '#contract/domain';
import type { ActivePricelist } from '#contract/pricelists';
import { importTexts } from '../../texts';
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
  if (choices.state === 'loading') return <p className="field">{importTexts.dialog.loadingPricelists}</p>;
  const problem =
    choices.state === 'failed'
      ? importTexts.pricelistsFailed
      : choices.pricelists.length === 0
        ? importTexts.noActivePricelists
        : null;
  if (problem || choices.state !== 'loaded') {
    return (
      <div className="field">
        <span className="field__label">{importTexts.fields.pricelistNumber}</span>
        <p className="error-text" role="alert">
          {problem}
        </p>
        {problem === importTexts.noActivePricelists && (
          <p className="field__hint">{importTexts.dialog.noPricelistNextStep}</p>
        )}
      </div>
    );
  }
  return (
    <SelectField
      label={importTexts.fields.pricelistNumber}
      placeholder={importTexts.dialog.pricelistPlaceholder}
      options={choices.pricelists.map((pricelist) => ({
        id: pricelist.id,
        label: importTexts.dialog.pricelistOption(
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
