import { useEffect, useId, useRef, useState } from 'react';
import type { FileSheet } from '#contract/columnMapping';
import type { ColumnMappingUsed } from '#contract/imports';
import { useDeleteColumnMappingMutation } from '../../api/columnMappingApi';
import { initialChoice, usedChoice, usedMappingText } from '../../columnMappingText';
import { errorMessageOf } from '../../errorMessage';
import { importTexts } from '../../texts';
import { ColumnMappingForm } from './ColumnMappingForm';

interface ColumnMappingNoticeProps {
  organizationId: number;
  importId: number;
  mapping: ColumnMappingUsed;
  fileSheets: readonly FileSheet[] | undefined;
  /** Given while the user may map the columns again: called once the server has taken a new mapping. */
  onValidatingAgain?: (() => void) | undefined;
}

const texts = importTexts.columnMapping;

/**
 * Above the result of a validation that read the file's own columns: which mapping it used, and,
 * while the import waits for the user, "Ändra kopplingen" (the mapping form, preselected with it)
 * and, for a saved mapping, "Glöm den sparade kopplingen". Forgetting keeps this result.
 */
export function ColumnMappingNotice({
  organizationId,
  importId,
  mapping,
  fileSheets = [],
  onValidatingAgain,
}: ColumnMappingNoticeProps) {
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const [forgotten, setForgotten] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [forget, { isLoading: isForgetting }] = useDeleteColumnMappingMutation();
  const changeRef = useRef<HTMLButtonElement>(null);
  const forgottenRef = useRef<HTMLParagraphElement>(null);

  // The button goes with the mapping: the message that says so takes the focus.
  useEffect(() => {
    if (forgotten) forgottenRef.current?.focus();
  }, [forgotten]);

  const text = usedMappingText(mapping);
  const initial = initialChoice(fileSheets, usedChoice(mapping));
  if (text === null) return null;
  const saved = mapping.source === 'SAVED_MAPPING' ? mapping.savedMapping : undefined;
  const showsChange = onValidatingAgain !== undefined && initial !== undefined;
  const showsForget = onValidatingAgain !== undefined && saved !== undefined && !forgotten;

  const forgetSaved = async () => {
    if (!saved || isForgetting) return;
    setFailure(null);
    const result = await forget({ organizationId, mappingId: saved.id });
    if ('error' in result) setFailure(errorMessageOf(result.error));
    else setForgotten(true);
  };

  const closeForm = () => {
    setEditing(false);
    setTimeout(() => changeRef.current?.focus(), 0);
  };

  return (
    <div className="column-mapping-notice">
      <div className="banner">
        <p>{text}</p>
        {(showsChange || showsForget) && (
          <div className="button-row">
            {showsChange && (
              <button
                ref={changeRef}
                type="button"
                className="button secondary"
                aria-expanded={editing}
                aria-controls={editing ? formId : undefined}
                onClick={() => (editing ? closeForm() : setEditing(true))}
              >
                {texts.change}
              </button>
            )}
            {showsForget && (
              <button
                type="button"
                className="button secondary"
                aria-disabled={isForgetting || undefined}
                onClick={forgetSaved}
              >
                {texts.forget}
              </button>
            )}
          </div>
        )}
      </div>
      <div role="status">
        {forgotten && (
          <p ref={forgottenRef} className="banner success" tabIndex={-1}>
            {texts.forgotten}
          </p>
        )}
      </div>
      {failure && (
        <p className="banner error" role="alert">
          {failure}
        </p>
      )}
      {editing && showsChange && (
        <div id={formId}>
          <ColumnMappingForm
            organizationId={organizationId}
            importId={importId}
            sheets={fileSheets}
            initial={initial}
            focusOnMount
            onValidating={onValidatingAgain}
            onCancel={closeForm}
          />
        </div>
      )}
    </div>
  );
}
