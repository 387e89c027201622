import { type FormEvent, useState } from 'react';
import {
  type ColumnChoice,
  columnChoiceProblems,
  type FileSheet,
  suggestColumns,
} from '#contract/columnMapping';
import { type PriceListColumnHeader, priceListColumnHeaders } from '#contract/domain';
import { apiFailureOf } from '../../../../api/apiError';
import { sv } from '../../../../ui/text/sv';
import { useValidateWithMappingMutation } from '../../api/columnMappingApi';
import { importTexts } from '../../texts';

/** A field of the form: the sheet, or the select of one of our columns. */
export type FieldKey = 'sheet' | PriceListColumnHeader;
export type FieldErrors = Partial<Record<FieldKey, string>>;

export const fieldOrder: readonly FieldKey[] = ['sheet', ...priceListColumnHeaders];
const isFieldKey = (key: string): key is FieldKey => (fieldOrder as readonly string[]).includes(key);

const texts = importTexts.columnMapping;

interface ColumnMappingFormState {
  organizationId: number;
  importId: number;
  sheets: readonly FileSheet[];
  initial: ColumnChoice;
  onValidating: () => void;
}

/**
 * The column mapping form's choice, its errors and its submit: the choice is checked here as the
 * server checks it, so a wrong one is named at its field and nothing is sent; what the server
 * refuses is named at its field too, or above the buttons.
 */
export function useColumnMappingForm({
  organizationId,
  importId,
  sheets,
  initial,
  onValidating,
}: ColumnMappingFormState) {
  const [choice, setChoice] = useState<ColumnChoice>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** Counts the refused submits: each one moves the focus to the summary of what is wrong. */
  const [refused, setRefused] = useState(0);
  const [validate, { isLoading }] = useValidateWithMappingMutation();

  const sheet = sheets.find((candidate) => candidate.name === choice.sheet) ?? sheets[0];

  const changeSheet = (name: string) => {
    const chosen = sheets.find((candidate) => candidate.name === name);
    if (!chosen) return;
    // Back on the sheet it started from, the preselection is the server's again (it knows saved mappings).
    setChoice(name === initial.sheet ? initial : suggestColumns(chosen));
    setErrors({});
    setFailure(null);
  };

  const changeColumn = (header: PriceListColumnHeader, letter: string) =>
    setChoice((current) => {
      const columns = { ...current.columns };
      if (letter === '') delete columns[header];
      else columns[header] = letter;
      return { ...current, columns };
    });

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const any = Object.keys(found).length > 0;
    if (any) setRefused((count) => count + 1);
    return any;
  };

  const showRefusal = (error: unknown) => {
    const { status, message, fieldErrors = {} } = apiFailureOf(error);
    const atFields: FieldErrors = {};
    const elsewhere: string[] = [];
    for (const [key, text] of Object.entries(fieldErrors)) {
      if (isFieldKey(key)) atFields[key] = text;
      else elsewhere.push(text);
    }
    const shownAtFields = showErrors(atFields);
    if (elsewhere.length > 0) setFailure(elsewhere.join(' '));
    else if (!shownAtFields)
      setFailure(message ?? (status === 409 ? texts.cannotValidateNow : sv.app.actionFailed));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || !sheet) return;
    setFailure(null);
    if (showErrors(Object.fromEntries(columnChoiceProblems(choice, sheet)))) return;
    const columns = Object.fromEntries(
      priceListColumnHeaders.flatMap((header) => {
        const letter = choice.columns[header];
        // Always by letter: headers may repeat or be empty. An optional column not used is left out.
        return letter ? [[header, { column: letter }]] : [];
      }),
    );
    try {
      await validate({ organizationId, importId, columnMapping: { sheet: sheet.name, columns } }).unwrap();
      onValidating();
    } catch (error) {
      showRefusal(error);
    }
  };

  return { choice, sheet, errors, failure, refused, isLoading, changeSheet, changeColumn, submit };
}
