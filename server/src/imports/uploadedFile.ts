/** An uploaded file as the commands take it, and the rules for its name that the upload and the views apply. */

export interface Upload {
  content: Buffer;
  fileName: string;
  /** The text fields of the form, such as `request`. */
  fields: Map<string, unknown>;
}

/** The longest file name kept (in characters), extension included. */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * Characters that are not shown but change what is shown: C0/C1 controls and the bidirectional
 * marks, embeddings, overrides and isolates (U+202E would show "xslx.exe" as "exe.xlsx").
 */
const isHiddenCharacter = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x061c ||
  code === 0x200e ||
  code === 0x200f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

export const withoutHiddenCharacters = (text: string) =>
  [...text].filter((char) => !isHiddenCharacter(char.codePointAt(0) ?? 0)).join('');

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
