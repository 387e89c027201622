import { withoutHiddenCharacters } from '#contract/hiddenCharacters';
import type { PreparedImportFile } from './store/fileWriter';

/** An uploaded file as the commands take it, and the rules for its name that the upload and the views apply. */

export interface Upload {
  /** Stored as it arrived (store/fileWriter.ts), for the import_files row to name. */
  file: PreparedImportFile;
  /** The content's SHA-256, computed as it was received. */
  sha256: Uint8Array;
  fileName: string;
  /** The text fields of the form, such as `request`. */
  fields: Map<string, unknown>;
}

/** The longest file name kept (in characters), extension included. */
export const MAX_FILE_NAME_LENGTH = 255;

// The rule is shared with API-key names (contract/hiddenCharacters.ts); the views apply it too.
export { withoutHiddenCharacters };

/** The name as the user's computer gave it, without any folder and hidden characters. */
export function visibleFileName(name: string): string {
  return withoutHiddenCharacters(name.split(/[/\\]/).pop() ?? '').trim();
}

/** At most MAX_FILE_NAME_LENGTH characters (code points), keeping the extension. */
export function shortenFileName(name: string): string {
  const chars = [...name];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const extension = /\.[^.\s]{1,10}$/.exec(name)?.[0] ?? '';
  return (
    chars
      .slice(0, MAX_FILE_NAME_LENGTH - extension.length)
      .join('')
      .trimEnd() + extension
  );
}
