import { type ImportType, importTypeLabels } from '#contract/domain';
import { importTexts } from '../../texts';
import { SelectField, type SelectOption } from './SelectField';

/** The types a user may choose; only a general price list can be read in (docs/product.md, "Forms"). */
const options: readonly SelectOption<ImportType>[] = [
  { id: 'GENERAL_PRICELIST', label: importTypeLabels.GENERAL_PRICELIST },
  {
    id: 'PRODUCTS_AND_ARTICLES',
    label: importTypeLabels.PRODUCTS_AND_ARTICLES,
    isDisabled: true,
    hint: importTexts.dialog.comingLater,
  },
];

interface FileTypeSelectProps {
  value: ImportType | null;
  error: string | null;
  isDisabled: boolean;
  onChange: (type: ImportType | null) => void;
}

export function FileTypeSelect({ value, error, isDisabled, onChange }: FileTypeSelectProps) {
  return (
    <SelectField
      label={importTexts.fields.fileType}
      placeholder={importTexts.dialog.fileTypePlaceholder}
      options={options}
      value={value}
      error={error}
      isDisabled={isDisabled}
      onChange={onChange}
    />
  );
}
