/**
 * Plain constants and label maps of the domain, shared by web and server. This module has no
 * dependencies, so the SPA can import it without pulling zod into its bundle.
 */

/** Import types of docs/product.md, "Imports: types, statuses, flow". */
export const importTypes = ['LEGACY', 'GENERAL_PRICELIST', 'PRODUCTS_AND_ARTICLES'] as const;
export type ImportType = (typeof importTypes)[number];

export const importTypeLabels: Record<ImportType, string> = {
  LEGACY: '-',
  GENERAL_PRICELIST: 'Generell prislista',
  PRODUCTS_AND_ARTICLES: 'Produkter & artiklar',
};

export const importStatuses = [
  'VALIDATION_PENDING',
  'VALIDATION_SUCCESS',
  'VALIDATION_FAIL',
  'VALIDATION_ERROR',
  'IMPORT_PENDING',
  'IMPORT_SUCCESS',
  'IMPORT_FAIL',
  'IMPORT_ERROR',
  'IMPORT_ABORTED',
] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** Labels in the "Senaste 10 inläsningarna" table (docs/product.md, "Imports: types, statuses, flow"). */
export const importStatusListLabels: Record<ImportStatus, string> = {
  VALIDATION_PENDING: 'Pågående',
  VALIDATION_SUCCESS: 'Lyckad',
  VALIDATION_FAIL: 'Misslyckad',
  VALIDATION_ERROR: 'Tekniskt fel',
  IMPORT_PENDING: 'Pågående',
  IMPORT_SUCCESS: 'Lyckad',
  IMPORT_FAIL: 'Misslyckad',
  IMPORT_ERROR: 'Tekniskt fel',
  IMPORT_ABORTED: 'Avbruten',
};

/** Labels on the summary page and on the cards (docs/product.md, "Imports: types, statuses, flow"). */
export const importStatusSummaryLabels: Record<ImportStatus, string> = {
  VALIDATION_PENDING: 'Pågår',
  VALIDATION_SUCCESS: 'Validering OK',
  VALIDATION_FAIL: 'Valideringsfel',
  VALIDATION_ERROR: 'Tekniskt fel',
  IMPORT_PENDING: 'Pågår',
  IMPORT_SUCCESS: 'Lyckad',
  IMPORT_FAIL: 'Misslyckad',
  IMPORT_ERROR: 'Tekniskt fel',
  IMPORT_ABORTED: 'Avbruten',
};

/** The summary carries, and its table shows, the first 100 errors; the Excel export has all (docs/product.md, "Texts"; docs/product.md, "Constants"). */
export const SUMMARY_ERROR_LIMIT = 100;

/**
 * What a validation error breaks: one code per rule of the price-list file (docs/price-list-file.md)
 * and per other cause (a header column twice, a price list that became history). Stable: API
 * clients filter and count by them.
 */
export const validationRules = [
  'REQUIRED',
  'NOT_A_NUMBER',
  'NOT_AN_INTEGER',
  'NEGATIVE',
  'LESS_THAN_ONE',
  'TOO_MANY_DECIMALS',
  'TOO_LARGE',
  'DATE_VALUE',
  'BOOLEAN_VALUE',
  'ERROR_VALUE',
  'UNKNOWN_ARTICLE',
  'DUPLICATE_ARTICLE',
  'INVALID_UNIT',
  'MISSING_UNIT',
  'INVALID_VALID_FROM',
  'TOO_LONG',
  'FORBIDDEN_CHARACTER',
  'DUPLICATE_COLUMN',
  'INACTIVE_PRICELIST',
] as const;
export type ValidationRule = (typeof validationRules)[number];

/** A page of the errors call (GET …/errors) holds at most this many. */
export const ERRORS_PAGE_MAX = 500;

export const pendingStatuses: readonly ImportStatus[] = ['VALIDATION_PENDING', 'IMPORT_PENDING'];
export const isPendingStatus = (status: ImportStatus) => pendingStatuses.includes(status);
export const isValidationStatus = (status: ImportStatus) => status.startsWith('VALIDATION_');

/** readStatus: 0 pending, 1 success, anything else fail (docs/product.md, "Data the shell shows"; docs/product.md, "Imports: types, statuses, flow"). */
export const legacyReadStatusToImportStatus = (readStatus: number): ImportStatus =>
  readStatus === 0 ? 'IMPORT_PENDING' : readStatus === 1 ? 'IMPORT_SUCCESS' : 'IMPORT_FAIL';

/**
 * Why an import was validated again on its own: its price list changed after the validation,
 * because another import was applied, an import was undone, or the rows changed otherwise.
 */
export const revalidationCauses = ['IMPORT_APPLIED', 'IMPORT_UNDONE', 'PRICELIST_CHANGED'] as const;
export type RevalidationCause = (typeof revalidationCauses)[number];

/**
 * Where a validation's mapped columns came from: a mapping the organisation saved earlier, or
 * one sent with the request (or chosen on the summary page). A summary without a mapping read
 * the file's own headers, ours: its shape stays as it always was.
 */
export const columnMappingSources = ['SAVED_MAPPING', 'REQUEST'] as const;
export type ColumnMappingSource = (typeof columnMappingSources)[number];

export const changeKinds = ['added', 'updated', 'removed'] as const;
export type ChangeKind = (typeof changeKinds)[number];

export const pricelistTimeStatuses = ['PAST', 'CURRENT', 'FUTURE'] as const;
export type PricelistTimeStatus = (typeof pricelistTimeStatuses)[number];

export const pricelistTimeStatusLabels: Record<PricelistTimeStatus, string> = {
  PAST: 'Historisk',
  CURRENT: 'Aktuell',
  FUTURE: 'Framtida',
};

/** The sheet a general price-list file must have (docs/price-list-file.md). */
export const PRICE_LIST_SHEET = 'Prislista';
/** The "sheet" of a Peppol catalogue's errors: it has none, so they say which kind of file. */
export const CATALOGUE_SHEET = 'Peppol-katalog';

/**
 * The columns of a general price-list file (docs/price-list-file.md), in the template's order: the row
 * field each fills, its header and whether the file must have the column.
 */
export const priceListColumns = [
  { key: 'articleNumber', header: 'Artikelnummer', required: true },
  { key: 'articleName', header: 'Benämning', required: false },
  { key: 'price', header: 'Pris', required: true },
  { key: 'minimumOrderQuantity', header: 'Minsta beställningsantal', required: true },
  { key: 'deliveryTimeDays', header: 'Leveranstid (dagar)', required: false },
  { key: 'warrantyQuantity', header: 'Garanti antal', required: false },
  { key: 'warrantyUnit', header: 'Garanti enhet', required: false },
  { key: 'warrantyValidFrom', header: 'Garanti gäller från', required: false },
  { key: 'warrantyTerms', header: 'Garantivillkor', required: false },
] as const;
export type PriceListColumnKey = (typeof priceListColumns)[number]['key'];
export type PriceListColumnHeader = (typeof priceListColumns)[number]['header'];
/** Each column's header by the row field it fills: "Leveranstid (dagar)" for deliveryTimeDays. */
export const priceListColumnHeaderOf = Object.fromEntries(
  priceListColumns.map((column) => [column.key, column.header]),
) as Record<PriceListColumnKey, PriceListColumnHeader>;
export const priceListColumnHeaders: readonly PriceListColumnHeader[] = priceListColumns.map(
  (column) => column.header,
);

/**
 * Whether an error's value can be typed anew on the summary ("Validera igen"): a sheet's error
 * names its cell; a Peppol catalogue line's names its element instead, and only one in our
 * columns has a value to type (not the line's ActionCode).
 */
export const isCorrectableError = (error: { cell?: string; sheet: string; column: string }) =>
  Boolean(error.cell) ||
  (error.sheet === CATALOGUE_SHEET && (priceListColumnHeaders as readonly string[]).includes(error.column));

/** The values a file sets on a price-list row besides its article number, in column order. */
export const pricelistRowValueFields = [
  'price',
  'minimumOrderQuantity',
  'deliveryTimeDays',
  'warrantyQuantity',
  'warrantyUnit',
  'warrantyValidFrom',
  'warrantyTerms',
] as const satisfies readonly PriceListColumnKey[];
export type PricelistRowValueField = (typeof pricelistRowValueFields)[number];

export const warrantyUnits = ['Dagar', 'Veckor', 'Månader', 'År'] as const;
export const warrantyValidFromValues = ['Leveransdatum', 'Fakturadatum'] as const;

/** Header that the SPA sets on requests it makes on its own (ping, list polling): they do not slide the session. */
export const BACKGROUND_REQUEST_HEADER = 'x-background-request';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** What an entry of the change feed was, as the page "Prisändringar" and its workbook say it. */
export const priceChangeKindLabels = {
  IMPORT_APPLIED: 'Inläsning',
  IMPORT_UNDONE: 'Ångrad inläsning',
} as const satisfies Record<'IMPORT_APPLIED' | 'IMPORT_UNDONE', string>;
