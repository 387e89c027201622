/**
 * Refusals of an uploaded file, word for word the same from the API and in the upload dialog. A
 * module of its own, without zod, as the Excel worker thread uses them.
 */
export const PASSWORD_PROTECTED_FILE =
  'Filen är lösenordsskyddad. Spara den utan lösenord och läs in den igen.';
export const MACRO_ENABLED_WORKBOOK =
  'Filen är en makroaktiverad arbetsbok (.xlsm). Spara den som Excel-arbetsbok (.xlsx) och läs in den igen.';
