import type { ValidationError } from '../../../../contract';

/**
 * The validation errors as an .xlsx: a sheet "Fel" listing every error and a copy of the
 * uploaded sheet with the faulty cells filled red and the message as a note.
 */
export async function buildValidationErrorWorkbook(
  _content: Uint8Array,
  _fileName: string,
  _errors: ValidationError[],
): Promise<Buffer> {
  throw new Error('not implemented yet');
}
