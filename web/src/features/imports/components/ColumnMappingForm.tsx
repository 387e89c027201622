import { type FormEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type ColumnChoice,
  columnChoiceProblems,
  type FileSheet,
  suggestColumns,
} from '#contract/columnMapping';
import { type PriceListColumnHeader, priceListColumnHeaders, priceListColumns } from '#contract/domain';
import { apiFailureOf } from '../../../api/apiError';
import { sv } from '../../../ui/text/sv';
import { useValidateWithMappingMutation } from '../api';
import { fileColumnOption } from '../columnMappingText';
import { importTexts } from '../texts';
import { HeaderRow, MappingOutcome } from './FileColumns';

/** A field of the form: the sheet, or the select of one of our columns. */
type FieldKey = 'sheet' | PriceListColumnHeader;
type FieldErrors = Partial<Record<FieldKey, string>>;

const fieldOrder: readonly FieldKey[] = ['sheet', ...priceListColumnHeaders];
const isFieldKey = (key: string): key is FieldKey => (fieldOrder as readonly string[]).includes(key);

interface ColumnMappingFormProps {
  organizationId: number;
  importId: number;
  /** The file's sheets and their header rows; at least one. */
  sheets: readonly FileSheet[];
  /** What is preselected; changing to another sheet preselects names that look alike. */
  initial: ColumnChoice;
  /** Opened by a button: the form's heading takes the focus. */
  focusOnMount?: boolean;
  /** The server took the mapping: the import is being validated again. */
  onValidating: () => void;
  onCancel?: () => void;
}

const texts = importTexts.columnMapping;

/**
 * "Koppla filens kolumner": the sheet, its header row, and for each of our columns the file's
 * column it is read from. Native selects: ten of them, each reachable from the error summary by
 * its id, with an empty first choice ("Behåll nuvarande värden" for an optional column). Each
 * file column is shown with its first values; under the choices, the columns not read and what
 * a choice does. The choice is checked here as the server checks it, so a wrong one is named at
 * its field and nothing is sent.
 */
export function ColumnMappingForm({
  organizationId,
  importId,
  sheets,
  initial,
  focusOnMount = false,
  onValidating,
  onCancel,
}: ColumnMappingFormProps) {
  const id = useId();
  const fieldId = (key: FieldKey) => `${id}-${fieldOrder.indexOf(key)}`;
  const [choice, setChoice] = useState<ColumnChoice>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** Counts the refused submits: each one moves the focus to the summary of what is wrong. */
  const [refused, setRefused] = useState(0);
  const [validate, { isLoading }] = useValidateWithMappingMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const problemsRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  // Once the summary is rendered, so it is read out from its heading.
  useEffect(() => {
    if (refused > 0) problemsRef.current?.focus();
  }, [refused]);

  const sheet = sheets.find((candidate) => candidate.name === choice.sheet) ?? sheets[0];
  if (!sheet) return null;

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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
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
    }
  };

  const problems = fieldOrder.flatMap((key) => {
    const text = errors[key];
    return text ? [{ key, text }] : [];
  });
  const goTo = (event: MouseEvent<HTMLAnchorElement>, key: FieldKey) => {
    // Not a navigation: the field takes the focus, and its label and message are read with it.
    event.preventDefault();
    document.getElementById(fieldId(key))?.focus();
  };
  const errorOf = (key: FieldKey) => {
    const text = errors[key];
    return {
      message: text ? (
        <p id={`${fieldId(key)}-error`} className="error-text">
          {text}
        </p>
      ) : null,
      attributes: {
        id: fieldId(key),
        'aria-invalid': text ? true : undefined,
        'aria-describedby': text ? `${fieldId(key)}-error` : undefined,
      },
    };
  };
  const sheetField = errorOf('sheet');

  return (
    <section className="column-mapping" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {texts.heading}
      </h2>
      <p>{texts.intro}</p>
      {problems.length > 0 && (
        <section
          ref={problemsRef}
          className="banner error column-mapping__problems"
          // Focused after a refused submit; named by its heading, so it is announced as such.
          tabIndex={-1}
          aria-labelledby={`${id}-problems`}
        >
          <h3 id={`${id}-problems`}>{texts.problemsHeading}</h3>
          <ul>
            {problems.map(({ key, text }) => (
              <li key={key}>
                <a href={`#${fieldId(key)}`} onClick={(event) => goTo(event, key)}>
                  {text}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={fieldId('sheet')} className="field__label">
            {texts.sheet}
          </label>
          {sheetField.message}
          <select
            {...sheetField.attributes}
            value={sheet.name}
            onChange={(event) => changeSheet(event.target.value)}
          >
            {sheets.map(({ name }) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <HeaderRow id={id} sheet={sheet} />
        <fieldset className="column-mapping__columns" aria-describedby={`${id}-outcome`}>
          <legend className="field__label">{texts.ourColumns}</legend>
          {priceListColumns.map(({ header, required }) => {
            const field = errorOf(header);
            return (
              <div key={header} className="field">
                <label htmlFor={fieldId(header)} className="field__label">
                  {header}
                  {required && ` (${texts.required})`}
                </label>
                {field.message}
                <select
                  {...field.attributes}
                  required={required}
                  value={choice.columns[header] ?? ''}
                  onChange={(event) => changeColumn(header, event.target.value)}
                >
                  {/* An optional column left out keeps what the price list has (docs/price-list-file.md). */}
                  <option value="">{required ? texts.chooseColumn : texts.keepValues}</option>
                  {sheet.columns.map((column) => (
                    <option key={column.column} value={column.column}>
                      {fileColumnOption(column)}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
        </fieldset>
        <MappingOutcome id={`${id}-outcome`} sheet={sheet} choice={choice} />
        {failure && (
          <p className="banner error" role="alert">
            {failure}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" aria-disabled={isLoading || undefined}>
            {texts.submit}
          </button>
          {onCancel && (
            <button type="button" className="button secondary" onClick={onCancel}>
              {sv.app.cancel}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
