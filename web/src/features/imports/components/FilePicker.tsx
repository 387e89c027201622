import { useId } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem, Text } from 'react-aria-components';
import { fileNameProblem } from '../importRules';
import { importTexts } from '../texts';

/** One Excel file, and nothing else (docs/product.md, "Forms"). */
const acceptedFileTypes = [
  '.xls',
  '.xlsx',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** The reason a choice of files cannot be uploaded, or null when it is one .xls or .xlsx file. */
export function fileChoiceProblem(files: readonly File[]): string | null {
  if (files.length > 1) return importTexts.dialog.oneFileOnly;
  const [file] = files;
  return file ? fileNameProblem(file.name) : null;
}

interface FilePickerProps {
  file: File | null;
  error: string | null;
  isDisabled: boolean;
  onFiles: (files: File[]) => void;
}

/** A file button and a drop zone for the same single file. */
export function FilePicker({ file, error, isDisabled, onFiles }: FilePickerProps) {
  const chosenId = useId();
  const errorId = useId();
  return (
    <fieldset className="field file-field">
      <legend className="field__label">{importTexts.dialog.file}</legend>
      <DropZone
        className="file-drop"
        isDisabled={isDisabled}
        onDrop={async (event) => {
          const files = await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile()));
          onFiles(files);
        }}
      >
        <Text slot="label" className="file-drop__hint">
          {importTexts.dialog.dropHint}
        </Text>
        <FileTrigger
          acceptedFileTypes={acceptedFileTypes}
          onSelect={(list) => onFiles(Array.from(list ?? []))}
        >
          <Button
            className="button secondary"
            isDisabled={isDisabled}
            aria-describedby={error ? `${chosenId} ${errorId}` : chosenId}
          >
            {importTexts.dialog.chooseFileButton}
          </Button>
        </FileTrigger>
        <p id={chosenId} className="file-drop__chosen">
          {file ? importTexts.dialog.chosenFile(file.name) : importTexts.dialog.noFileChosen}
        </p>
        <p className="field__hint">{importTexts.dialog.fileHint}</p>
      </DropZone>
      {error && (
        <p id={errorId} className="error-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
