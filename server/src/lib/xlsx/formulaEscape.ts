/**
 * Formula injection: a text that begins with =, +, -, @, tab or carriage return can be taken
 * for a formula when a user edits the cell or the sheet passes through CSV. The .xlsx files this
 * engine writes mark such a cell as text with Excel's quote prefix (workbookWriter.ts), so "-3"
 * reads "-3" and stays text; the .xls corrected file, which cannot carry the flag, gets a leading
 * apostrophe, the convention spreadsheet users know ("'=SUMMA" is the text "=SUMMA"). The reader
 * drops such an apostrophe again, so files written before either way can be uploaded as they are.
 */
const isFormulaLike = (text: string) => {
  const first = text.charCodeAt(0);
  return (
    first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40 || first === 0x09 || first === 0x0d
  );
};

export const escapeFormulaText = (text: string) => (isFormulaLike(text) ? `'${text}` : text);

export const unescapeFormulaText = (text: string) =>
  text.charCodeAt(0) === 0x27 && isFormulaLike(text.slice(1)) ? text.slice(1) : text;
