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
const XML_TYPE = 'application/xml; charset=utf-8';

/** A workbook, or a Peppol catalogue (.xml), as a download. */
export function sendWorkbook(reply: FastifyReply, fileName: string, content: Buffer) {
  const type = /\.xml$/i.test(fileName) ? XML_TYPE : /\.xls$/i.test(fileName) ? XLS_TYPE : XLSX_TYPE;
  return reply
    .header('content-type', type)
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

/**
 * The supplier's own file with the corrections written in: "prislista_rattad.xlsx" (an .xls stays
 * .xls); a Peppol catalogue, also one sent gzip-compressed, is "katalog_rattad.xml".
 */
export function correctedFileName(uploadedName: string, isCatalogue = false): string {
  if (isCatalogue) return `${uploadedName.replace(/\.xml(\.gz)?$|\.gz$/i, '') || 'katalog'}_rattad.xml`;
  return `${baseName(uploadedName)}_rattad.${/\.xls$/i.test(uploadedName) ? 'xls' : 'xlsx'}`;
}
