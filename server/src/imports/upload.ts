import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ApiError, badRequest } from '../errors';
import { detectExcelFormat } from './excel';

export interface Upload {
  content: Buffer;
  fileName: string;
  /** The text fields of the form, such as `request`. */
  fields: Map<string, unknown>;
}

const NOT_EXCEL = 'Filen måste vara en Excel-fil (.xls eller .xlsx).';

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

/** The name as the user's computer gave it, without any folder and control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const printable = [...base].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f);
  return printable.join('').trim().slice(0, 255);
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
        if (part.fieldname === 'file') file = { content, fileName: cleanFileName(part.filename) };
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
  if (detectExcelFormat(file.content, file.fileName) === null)
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_EXCEL);
  return { ...file, fields };
}
