import {
  Button,
  FieldError,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { type ImportType, importTypeLabels } from '../../../../../contract/domain';
import { sv } from '../../../ui/text/sv';

/** The types a user may choose; only a general price list can be read in (specification §5). */
const offeredTypes: readonly ImportType[] = ['GENERAL_PRICELIST', 'PRODUCTS_AND_ARTICLES'];
const disabledTypes: readonly ImportType[] = ['PRODUCTS_AND_ARTICLES'];

interface FileTypeSelectProps {
  value: ImportType | null;
  error: string | null;
  isDisabled: boolean;
  onChange: (type: ImportType | null) => void;
}

export function FileTypeSelect({ value, error, isDisabled, onChange }: FileTypeSelectProps) {
  return (
    <Select
      className="field"
      value={value}
      onChange={(key: Key | null) => onChange(key === null ? null : (key as ImportType))}
      disabledKeys={disabledTypes}
      isInvalid={error !== null}
      isDisabled={isDisabled}
      placeholder={sv.imports.dialog.fileTypePlaceholder}
    >
      <Label className="field__label">{sv.imports.fields.fileType}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className="error-text">{error}</FieldError>
      <Popover className="select-popover">
        <ListBox>
          {offeredTypes.map((type) => (
            <ListBoxItem key={type} id={type} className="select-option">
              {importTypeLabels[type]}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
