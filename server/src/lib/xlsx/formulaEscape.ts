/**
 * Formula injection: a text that begins with =, +, -, @, tab or carriage return can be taken
 * for a formula when a user edits the cell or the sheet passes through CSV. Every text cell
 * this engine writes gets a leading apostrophe then, the convention spreadsheet users know
 * ("'=SUMMA" is the text "=SUMMA"). The reader drops that apostrophe again, so a template or
 * error workbook can be uploaded as it is.
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
