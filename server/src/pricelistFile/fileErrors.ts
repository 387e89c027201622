import { MACRO_ENABLED_WORKBOOK, PASSWORD_PROTECTED_FILE } from '#contract/fileRefusals';
import {
  XlsxError,
  type XlsxErrorCode,
  type XlsxErrorDetail,
  type XmlPart,
  type ZipPlace,
} from '../lib/xlsx';

/** The author written into every workbook the service makes (the template, the error workbook). */
export const WORKBOOK_CREATOR = 'Hjälpmedelsdatabasen';

/**
 * Why a file could not be read at all (as opposed to rule breaks in its rows, which are
 * validation errors). The message is Swedish and safe to show to the supplier.
 */
export type ExcelFileProblem =
  | 'NOT_EXCEL'
  | 'CORRUPT'
  | 'TOO_LARGE'
  | 'TOO_MANY_ENTRIES'
  | 'COMPRESSION_RATIO'
  | 'DOCTYPE'
  | 'UNSUPPORTED';

export class ExcelFileError extends Error {
  override name = 'ExcelFileError';
  constructor(
    readonly problem: ExcelFileProblem,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why a validation in the worker thread did not produce an outcome:
 * DEADLINE (terminated after the deadline), MEMORY (the heap limit was hit), CRASH (anything
 * else that killed the worker), INVALID_FILE (the file could not be read: `problem` says why).
 */
export type ExcelWorkerFailure = 'DEADLINE' | 'MEMORY' | 'CRASH' | 'INVALID_FILE';

export class ExcelWorkerError extends Error {
  override name = 'ExcelWorkerError';
  constructor(
    readonly reason: ExcelWorkerFailure,
    message: string,
    readonly problem?: ExcelFileProblem,
  ) {
    super(message);
  }
}

const zipPlaces: Record<ZipPlace, string> = {
  directory: 'innehållsförteckningen',
  directoryEntry: 'en post',
  entryName: 'ett filnamn',
  endRecord: 'arkivets slut saknas',
};

const xmlParts: Record<XmlPart, string> = {
  sharedStrings: 'tabellen med delade texter',
  sheet: 'kalkylbladet',
};

const cannotRead = 'Filen kan inte läsas:';

/** What the supplier is told for each reason the reader gives, and under which problem. */
const fileErrorTexts: Record<XlsxErrorCode, [ExcelFileProblem, (detail: XlsxErrorDetail) => string]> = {
  NOT_A_WORKBOOK: [
    'NOT_EXCEL',
    () => 'Filen är inte en Excel-arbetsbok (.xlsx): arbetsboken saknas i filen.',
  ],
  NOT_XLS: ['CORRUPT', () => `${cannotRead} den är inte en giltig Excel 97–2003-arbetsbok (.xls).`],
  ENCRYPTED: ['UNSUPPORTED', () => PASSWORD_PROTECTED_FILE],
  MACRO_ENABLED: ['NOT_EXCEL', () => MACRO_ENABLED_WORKBOOK],
  ZIP_CORRUPT: [
    'CORRUPT',
    ({ entry, where }) =>
      `${cannotRead} den är skadad eller ofullständig (${entry ?? zipPlaces[where ?? 'directory']}).`,
  ],
  ZIP64: ['UNSUPPORTED', () => `${cannotRead} zip64-arkiv stöds inte.`],
  COMPRESSION_METHOD: ['UNSUPPORTED', () => `${cannotRead} den använder en komprimering som inte stöds.`],
  TOO_MANY_ENTRIES: ['TOO_MANY_ENTRIES', ({ limit }) => `Filen innehåller för många delar (högst ${limit}).`],
  TOO_LARGE: [
    'TOO_LARGE',
    ({ limit = 0 }) =>
      `Filen är för stor uppackad (högst ${limit / 1024 / 1024} MB). Dela upp prislistan eller ta bort onödiga flikar.`,
  ],
  COMPRESSION_RATIO: [
    'COMPRESSION_RATIO',
    ({ limit }) => `Filen är misstänkt hårt komprimerad (mer än ${limit}:1) och läses inte.`,
  ],
  ENTRY_SIZE_MISMATCH: [
    'CORRUPT',
    ({ entry }) => `${cannotRead} delen ${entry} är större eller mindre än arkivet uppger.`,
  ],
  SHEET_PART_MISSING: ['CORRUPT', ({ sheet }) => `${cannotRead} fliken ${sheet} saknar innehåll.`],
  MALFORMED_XML: ['CORRUPT', ({ part }) => `${cannotRead} ${xmlParts[part ?? 'sheet']} är inte giltig XML.`],
  DOCTYPE: ['DOCTYPE', () => 'Filen innehåller en DOCTYPE-deklaration och läses inte av säkerhetsskäl.'],
  CELL_REFERENCE: ['CORRUPT', () => `${cannotRead} en cellreferens ligger utanför vad Excel tillåter.`],
};

/** The reader's reason as the supplier reads it. */
export function excelFileErrorOf(error: XlsxError): ExcelFileError {
  const [problem, text] = fileErrorTexts[error.code];
  return new ExcelFileError(problem, text(error.detail));
}

/** Rethrows what reading a file failed with, the reader's reasons in Swedish. */
export function inSwedish(error: unknown): never {
  throw error instanceof XlsxError ? excelFileErrorOf(error) : error;
}
