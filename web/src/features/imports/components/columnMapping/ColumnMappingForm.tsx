import {
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
  useEffect,
  useId,
  useRef,
} from 'react';
import type { ColumnChoice, FileSheet } from '#contract/columnMapping';
import { priceListColumns } from '#contract/domain';
import { sv } from '../../../../ui/text/sv';
import { fileColumnOption } from '../../columnMappingText';
import { importTexts } from '../../texts';
import { HeaderRow, MappingOutcome } from './FileColumns';
import { type FieldKey, fieldOrder, useColumnMappingForm } from './useColumnMappingForm';

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
  const { choice, sheet, errors, failure, refused, isLoading, changeSheet, changeColumn, submit } =
    useColumnMappingForm({ organizationId, importId, sheets, initial, onValidating });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const problemsRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  // Once the summary is rendered, so it is read out from its heading.
  useEffect(() => {
    if (refused > 0) problemsRef.current?.focus();
  }, [refused]);

  if (!sheet) return null;

  const problems = fieldOrder.flatMap((key) => {
    const text = errors[key];
    return text ? [{ key, text }] : [];
  });

  return (
    <section className="column-mapping" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {texts.heading}
      </h2>
      <p>{texts.intro}</p>
      {problems.length > 0 && (
        <MappingProblems id={id} problems={problems} fieldId={fieldId} summaryRef={problemsRef} />
      )}
      <form noValidate onSubmit={submit}>
        <MappingField
          fieldId={fieldId('sheet')}
          label={texts.sheet}
          error={errors.sheet}
          value={sheet.name}
          onChange={(event) => changeSheet(event.target.value)}
        >
          {sheets.map(({ name }) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </MappingField>
        <HeaderRow id={id} sheet={sheet} />
        <fieldset className="column-mapping__columns" aria-describedby={`${id}-outcome`}>
          <legend className="field__label">{texts.ourColumns}</legend>
          {priceListColumns.map(({ header, required }) => (
            <MappingField
              key={header}
              fieldId={fieldId(header)}
              label={
                <>
                  {header}
                  {required && ` (${texts.required})`}
                </>
              }
              error={errors[header]}
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
            </MappingField>
          ))}
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

/** What is wrong with the choice, each a link to its field. */
function MappingProblems({
  id,
  problems,
  fieldId,
  summaryRef,
}: {
  id: string;
  problems: { key: FieldKey; text: string }[];
  fieldId: (key: FieldKey) => string;
  summaryRef: RefObject<HTMLElement | null>;
}) {
  const goTo = (event: MouseEvent<HTMLAnchorElement>, key: FieldKey) => {
    // Not a navigation: the field takes the focus, and its label and message are read with it.
    event.preventDefault();
    document.getElementById(fieldId(key))?.focus();
  };
  return (
    <section
      ref={summaryRef}
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
  );
}

/** A select of the form with its label, and its error (if any) between the two. */
function MappingField({
  fieldId,
  label,
  error,
  children,
  ...select
}: {
  fieldId: string;
  label: ReactNode;
  error: string | undefined;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="field">
      <label htmlFor={fieldId} className="field__label">
        {label}
      </label>
      {error ? (
        <p id={`${fieldId}-error`} className="error-text">
          {error}
        </p>
      ) : null}
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        {...select}
      >
        {children}
      </select>
    </div>
  );
}
