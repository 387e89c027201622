import { useId } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem } from 'react-aria-components';
import { fileNameProblem } from '../../importRules';
import { importTexts } from '../../texts';

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
  if (!file) return null;
  // A macro-enabled workbook keeps the server's own words for it (importRules.ts).
  if (!/\.xls[xm]?$/i.test(file.name.trim())) return importTexts.fileCheck.notExcel;
  return fileNameProblem(file.name);
}

/** How an .xlsx (a zip) and an .xls (an OLE2 container) begin, as the server checks (detectFormat.ts). */
const zipStart = [0x50, 0x4b];
const ole2Start = [0xd0, 0xcf, 0x11, 0xe0];

async function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  const part = file.slice(0, count);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
}

/**
 * Whether the file is what its name says, read from its first bytes before anything is sent: a
 * PDF named .xlsx is told at the file field, not by the server after the upload. Null when it
 * may be sent (the server checks again); a file that cannot be read is left to the server.
 */
export async function fileContentProblem(file: File): Promise<string | null> {
  const start = /\.xlsx$/i.test(file.name.trim()) ? zipStart : ole2Start;
  try {
    const bytes = await firstBytes(file, start.length);
    return start.every((byte, i) => bytes[i] === byte) ? null : importTexts.fileCheck.notExcel;
  } catch {
    return null;
  }
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
        // react-aria names it "DropZone" in every language.
        aria-label={importTexts.fileCheck.dropArea}
        isDisabled={isDisabled}
        onDrop={async (event) => {
          const files = await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile()));
          onFiles(files);
        }}
      >
        <span className="file-drop__hint">{importTexts.dialog.dropHint}</span>
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
