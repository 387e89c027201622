import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition with an ASCII fallback and the real (Swedish) name for browsers that read RFC 5987. */
export function attachment(fileName: string): string {
  const fallback = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const XLS_TYPE = 'application/vnd.ms-excel';

export function sendWorkbook(reply: FastifyReply, fileName: string, content: Buffer) {
  return reply
    .header('content-type', /\.xls$/i.test(fileName) ? XLS_TYPE : XLSX_TYPE)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .send(content);
}

/** "prislista.xlsx" → "prislista_valideringsfel.xlsx". */
const baseName = (uploadedName: string) => uploadedName.replace(/\.(xlsx|xls)$/i, '') || 'fil';

export function errorWorkbookName(uploadedName: string): string {
  return `${baseName(uploadedName)}_valideringsfel.xlsx`;
}

/** The changes export of an upload: "prislista_andringar.xlsx". */
export function changesWorkbookName(uploadedName: string): string {
  return `${baseName(uploadedName)}_andringar.xlsx`;
}

/** The supplier's own file with the corrections written in: "prislista_rattad.xlsx" (an .xls stays .xls). */
export function correctedFileName(uploadedName: string): string {
  return `${baseName(uploadedName)}_rattad.${/\.xls$/i.test(uploadedName) ? 'xls' : 'xlsx'}`;
}
