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
  Text,
} from 'react-aria-components';

export interface SelectOption<K extends Key> {
  id: K;
  label: string;
  isDisabled?: boolean;
  /** Why a disabled option cannot be chosen, shown with it and read as its description. */
  hint?: string;
}

interface SelectFieldProps<K extends Key> {
  label: string;
  placeholder: string;
  options: readonly SelectOption<K>[];
  value: K | null;
  error: string | null;
  isDisabled: boolean;
  onChange: (value: K | null) => void;
}

/** A labelled drop-down of the import dialog, with its error text below the button. */
export function SelectField<K extends Key>({
  label,
  placeholder,
  options,
  value,
  error,
  isDisabled,
  onChange,
}: SelectFieldProps<K>) {
  return (
    <Select
      className="field"
      value={value}
      // The keys are the options' ids, so they come back with their type.
      onChange={(key: Key | null) => onChange(key as K | null)}
      disabledKeys={options.filter((option) => option.isDisabled).map((option) => option.id)}
      isInvalid={error !== null}
      isDisabled={isDisabled}
      placeholder={placeholder}
    >
      <Label className="field__label">{label}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className="error-text">{error}</FieldError>
      <Popover className="select-popover">
        <ListBox>
          {options.map((option) => (
            <ListBoxItem key={option.id} id={option.id} className="select-option" textValue={option.label}>
              <Text slot="label">{option.label}</Text>
              {option.hint && (
                <Text slot="description" className="select-option__hint">
                  {option.hint}
                </Text>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
