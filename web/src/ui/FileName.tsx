import { Fragment } from 'react';

/**
 * A file name in pieces that each end after a separator ("_", "-", "." or a space): a narrow
 * column may break the name there, and nowhere else. Joined again they are the name.
 */
export function fileNameParts(name: string): string[] {
  return name.match(/[^_\-. ]*(?:[_\-. ]+|$)/g)?.filter((part) => part !== '') ?? [name];
}

/**
 * A file name that breaks only after its separators (`<wbr>`), never inside a word: at 375 px
 * "prislista_2026-11.xlsx" becomes "prislista_" / "2026-11.xlsx", not "prisli" / "sta_2026".
 * The text, for a screen reader and for copying, is the name as it is.
 */
export function FileName({ name }: { name: string }) {
  const parts = fileNameParts(name);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in their order
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
