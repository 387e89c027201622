/**
 * Characters that are not shown but change what is shown around them: controls (line breaks
 * among them), format characters (bidirectional marks, embeddings, overrides and isolates,
 * zero-width spaces and joiners, soft hyphens, byte-order marks) and the line and paragraph
 * separators. U+202E would show "xslx.exe" as "exe.xlsx"; U+2028 breaks a line in a mail.
 * Uploaded file names are kept without them; API-key names with any are refused. No zod here:
 * the SPA's key form imports it.
 */
const hiddenCharacter = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const hiddenCharacters = new RegExp(hiddenCharacter.source, 'gu');

export const hasHiddenCharacter = (text: string) => hiddenCharacter.test(text);

export const withoutHiddenCharacters = (text: string) => text.replace(hiddenCharacters, '');
