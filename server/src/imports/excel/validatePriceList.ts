import type { PriceListValidationInput, PriceListValidationOutcome } from './types';

/**
 * Reads the uploaded file, checks every rule of DESIGN.md §5 and, when nothing is wrong,
 * compares the rows with the price list as it is. Asynchronous because the .xlsx reader
 * streams the sheet through node:zlib. Throws ExcelFileError when the file cannot be read.
 */
export async function validatePriceList(
  _input: PriceListValidationInput,
): Promise<PriceListValidationOutcome> {
  throw new Error('not implemented yet');
}
