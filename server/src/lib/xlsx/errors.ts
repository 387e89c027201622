/**
 * Why a workbook could not be read at all. The code says what is wrong and `detail` where (the
 * zip entry, the XML part, the sheet) or which limit was passed; the message is English and
 * meant for logs. A caller that shows the reason to people maps the code to its own words.
 */
export type XlsxErrorCode =
  /** A zip without xl/workbook.xml: some other zipped document. */
  | 'NOT_A_WORKBOOK'
  /** An OLE2 container SheetJS cannot read as an Excel 97–2003 workbook. */
  | 'NOT_XLS'
  /** A password-protected .xls (a FilePass record): unreadable without the password. */
  | 'ENCRYPTED'
  /** A macro-enabled workbook (.xlsm content), which Excel opens only under its own extension. */
  | 'MACRO_ENABLED'
  /** The zip's structure is broken at `detail.where` (or in `detail.entry`). */
  | 'ZIP_CORRUPT'
  | 'ZIP64'
  /** An entry compressed with something other than deflate or stored. */
  | 'COMPRESSION_METHOD'
  /** More entries than `detail.limit`. */
  | 'TOO_MANY_ENTRIES'
  /** More uncompressed bytes than `detail.limit`. */
  | 'TOO_LARGE'
  /** An entry inflates to more than `detail.limit` times its compressed size. */
  | 'COMPRESSION_RATIO'
  /** `detail.entry` inflates to another size than the directory says. */
  | 'ENTRY_SIZE_MISMATCH'
  /** The workbook names `detail.sheet` but holds no part for it. */
  | 'SHEET_PART_MISSING'
  /** `detail.part` is not well-formed XML. */
  | 'MALFORMED_XML'
  /** A DOCTYPE or ENTITY declaration: refused, so no entity can expand. */
  | 'DOCTYPE'
  /** A cell reference beyond Excel's 1,048,576 rows or 16,384 columns. */
  | 'CELL_REFERENCE';

/** Which XML part a scanner reads. */
export type XmlPart = 'sharedStrings' | 'sheet';

/** Where in the zip's own structure it broke. */
export type ZipPlace = 'directory' | 'directoryEntry' | 'entryName' | 'endRecord';

export interface XlsxErrorDetail {
  where?: ZipPlace;
  entry?: string;
  part?: XmlPart;
  sheet?: string;
  limit?: number;
}

export class XlsxError extends Error {
  override name = 'XlsxError';
  constructor(
    readonly code: XlsxErrorCode,
    readonly detail: XlsxErrorDetail = {},
  ) {
    const where = Object.entries(detail)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ');
    super(where ? `${code} (${where})` : code);
  }
}
