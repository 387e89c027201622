import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { ApiError, badRequest } from '../../errors';
import { isEncryptedOfficeFile } from '../../lib/xlsx';
import { detectExcelFormat } from '../../priceListFile';
import { shortenFileName, type Upload, visibleFileName } from '../uploadedFile';

const NOT_EXCEL = 'Filen måste vara en Excel-fil (.xls eller .xlsx).';
const ENCRYPTED = 'Filen är lösenordsskyddad. Spara den utan lösenord och läs in den igen.';

export const fileTooLarge = (config: Config) =>
  new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `Filen är för stor. Den får vara högst ${formatSize(config.UPLOAD_MAX_BYTES)}.`,
  );

function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Math.floor(bytes / (1024 * 1024))} MB`;
  return `${Math.max(1, Math.floor(bytes / 1024))} kB`;
}

/**
 * Reads a multipart upload: the part `file` (one Excel file, at most UPLOAD_MAX_BYTES: 413
 * beyond; extension and magic bytes must agree: 415 otherwise) and the text fields.
 */
export async function readUpload(request: FastifyRequest, config: Config): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('Filen måste skickas som multipart/form-data.');
  const fields = new Map<string, unknown>();
  let file: { content: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file') file = { content, fileName: visibleFileName(part.filename) };
      } else {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(config);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Läs in en fil i taget.');
    throw badRequest('Filen kunde inte tas emot. Försök igen.');
  }
  if (!file || file.content.length === 0) throw badRequest('Du måste välja en fil.');
  if (file.content.length > config.UPLOAD_MAX_BYTES) throw fileTooLarge(config);
  // Checked on the whole name: shortening first could cut the extension off.
  if (/\.xlsx?$/i.test(file.fileName) && isEncryptedOfficeFile(file.content))
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', ENCRYPTED);
  if (detectExcelFormat(file.content, file.fileName) === null)
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_EXCEL);
  return { content: file.content, fileName: shortenFileName(file.fileName), fields };
}
