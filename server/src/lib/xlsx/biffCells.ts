/**
 * The value cells of one BIFF8 worksheet, read straight from the workbook stream, so that SheetJS
 * need not build an object per cell (those objects were most of the time and memory of reading an
 * .xls). SheetJS still reads the workbook: a copy of the stream in which these cell records are
 * covered by records it skips. This scan takes only what it can vouch for, read exactly as SheetJS
 * reads it; for anything else it gives up (null) and the caller reads the file the plain way.
 */

const BOF = 0x0809;
const EOF = 0x000a;
const BOF_TYPES = new Set([0x0009, 0x0209, 0x0409, 0x0809]);
const BIFF8 = 0x0600;
const GLOBALS = 0x0005;
const WORKSHEET = 0x0010;

const NUMBER_RECORD = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const BOOLERR = 0x0205;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const XF = 0x00e0;
const BOUNDSHEET = 0x0085;
/** A record SheetJS knows and skips without reading it (DBCell). */
const SKIPPED = 0x00d7;

/** Records that only the workbook globals may hold here (elsewhere: give up). */
const GLOBALS_ONLY = new Set([XF, BOUNDSHEET, 0x041e /* Format */, 0x00fc /* SST */]);
const FILE_PASS = 0x002f;
/** Anywhere: give up (encryption; BIFF2 formats). */
const REFUSED = new Set([FILE_PASS, 0x001e /* BIFF2 Format */]);

/**
 * Whether a workbook stream (or its first bytes) is encrypted: MS-XLS puts the FilePass record
 * right after the BOF record of the workbook globals. Excel then asks for the password; SheetJS
 * cannot read the file without it either.
 */
export function startsWithFilePass(head: Uint8Array): boolean {
  if (head.length < 8 || !BOF_TYPES.has(head[0]! | (head[1]! << 8))) return false;
  const at = 4 + (head[2]! | (head[3]! << 8));
  return at + 2 <= head.length && (head[at]! | (head[at + 1]! << 8)) === FILE_PASS;
}
/** In the sheet: records whose meaning depends on the cells SheetJS would have read. */
const NEEDS_CELLS = new Set([
  0x0006, 0x0206, 0x0406, 0x0007, 0x0207, 0x0021, 0x0221, 0x04bc, 0x01b8, 0x0800, 0x001c,
]);
/** Continue records: SheetJS joins one to the record before it. */
const CONTINUES = new Set([0x003c, 0x043c, 0x0812, 0x0875, 0x087f]);

/** How a cell was written, which decides its value and its number format. */
export const SST_TEXT = 1;
export const INLINE_TEXT = 2;
/** A NUMBER record: without a cell format SheetJS still looks up format 0. */
export const FLOAT = 3;
/** RK and MULRK: without a cell format, no number format. */
export const RK_NUMBER = 4;
export const BOOL = 5;
export const ERROR_CODE = 6;

/** The cells in sheet order (rows, then columns, strictly increasing), in growable columns. */
export class BiffCells {
  count = 0;
  rows = new Int32Array(4096);
  columns = new Int32Array(4096);
  kinds = new Uint8Array(4096);
  xfs = new Int32Array(4096);
  /** The number, boolean (1/0), error code, shared-string index or index into `texts`. */
  values = new Float64Array(4096);
  readonly texts: string[] = [];

  add(row: number, column: number, kind: number, xf: number, value: number): boolean {
    const last = this.count - 1;
    if (last >= 0 && (row < this.rows[last]! || (row === this.rows[last] && column <= this.columns[last]!)))
      return false;
    if (this.count === this.rows.length) this.grow();
    const i = this.count++;
    this.rows[i] = row;
    this.columns[i] = column;
    this.kinds[i] = kind;
    this.xfs[i] = xf;
    this.values[i] = value;
    return true;
  }

  private grow() {
    const size = this.rows.length * 2;
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(array: T, make: (n: number) => T) => {
      const next = make(size);
      next.set(array);
      return next;
    };
    this.rows = grown(this.rows, (n) => new Int32Array(n));
    this.columns = grown(this.columns, (n) => new Int32Array(n));
    this.kinds = grown(this.kinds, (n) => new Uint8Array(n));
    this.xfs = grown(this.xfs, (n) => new Int32Array(n));
    this.values = grown(this.values, (n) => new Float64Array(n));
  }
}

export interface BiffSheetScan {
  /** A copy of the stream with the cells' records covered by skipped records. */
  stream: Buffer;
  cells: BiffCells;
  /** The number format id of each XF record, in order (SheetJS's XF index). */
  xfFormats: number[];
}

/**
 * Scans the workbook stream as SheetJS walks it, for the sheet that is `sheetIndex`-th of
 * `sheetCount` in SheetJS's order (by stream position). Null when anything is not plainly BIFF8
 * or is not read here exactly as SheetJS reads it.
 */
export function scanBiffSheet(
  stream: Uint8Array,
  sheetIndex: number,
  sheetCount: number,
): BiffSheetScan | null {
  const n = stream.length;
  const u16 = (at: number) => stream[at]! | (stream[at + 1]! << 8);
  const u32 = (at: number) => (u16(at) | (u16(at + 2) << 16)) >>> 0;
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const cells = new BiffCells();
  const xfFormats: number[] = [];
  const positions = new Set<number>();
  const covered: number[] = [];
  let depth = 0;
  let globalsDone = false;
  let target = -1;
  let inTarget = false;
  let done = false;
  let l = 0;
  while (l < n - 1) {
    const start = l;
    if (start + 4 > n) return null;
    const type = u16(start);
    const length = u16(start + 2);
    const body = start + 4;
    if (body + length > n) return null;
    l = body + length;
    if (depth === 0 && !BOF_TYPES.has(type)) {
      // SheetJS stops reading here.
      if (done) break;
      return null;
    }
    if (REFUSED.has(type)) return null;
    if (GLOBALS_ONLY.has(type) && (globalsDone || depth !== 1)) return null;
    if (BOF_TYPES.has(type)) {
      if (depth > 0) {
        if (inTarget) return null;
        depth++;
        continue;
      }
      if (type !== BOF || length < 4 || u16(body) !== BIFF8) return null;
      const kind = u16(body + 2);
      if (!globalsDone) {
        if (kind !== GLOBALS) return null;
      } else if (start === target) {
        if (kind !== WORKSHEET) return null;
        inTarget = true;
      }
      depth++;
      continue;
    }
    if (type === EOF) {
      depth--;
      if (depth === 0 && !globalsDone) {
        globalsDone = true;
        const sorted = [...positions].sort((a, b) => a - b);
        if (sorted.length !== sheetCount) return null;
        target = sorted[sheetIndex]!;
      } else if (depth === 0 && inTarget) {
        // The rest is still walked: a format or string table after the sheet would change it.
        done = true;
        inTarget = false;
      }
      continue;
    }
    if (!globalsDone) {
      if (type === XF) {
        if (length < 4) return null;
        xfFormats.push(u16(body + 2));
      } else if (type === BOUNDSHEET) {
        if (length < 4) return null;
        positions.add(u32(body));
      }
      continue;
    }
    if (!inTarget || depth !== 1) continue;
    if (NEEDS_CELLS.has(type)) return null;
    if (CONTINUES.has(type)) {
      // Joined to a cell record it would make that record another one: left to the plain way.
      if (covered.length > 0 && covered[covered.length - 1] === start) return null;
      continue;
    }
    const row = u16(body);
    const column = u16(body + 2);
    const xf = u16(body + 4);
    let ok = true;
    if (type === NUMBER_RECORD) {
      if (length !== 14) return null;
      ok = cells.add(row, column, FLOAT, xf, view.getFloat64(body + 6, true));
    } else if (type === RK) {
      if (length !== 10) return null;
      ok = cells.add(row, column, RK_NUMBER, xf, rkNumber(view, body + 6));
    } else if (type === MULRK) {
      if (length < 12 || (length - 6) % 6 !== 0) return null;
      const count = (length - 6) / 6;
      if (u16(body + length - 2) - column + 1 !== count) return null;
      for (let i = 0; i < count && ok; i++) {
        const at = body + 4 + i * 6;
        ok = cells.add(row, column + i, RK_NUMBER, u16(at), rkNumber(view, at + 2));
      }
    } else if (type === BOOLERR) {
      if (length !== 8) return null;
      const value = stream[body + 6]!;
      ok =
        stream[body + 7] === 1
          ? cells.add(row, column, ERROR_CODE, xf, value)
          : cells.add(row, column, BOOL, xf, value === 1 ? 1 : 0);
    } else if (type === LABELSST) {
      if (length !== 10) return null;
      ok = cells.add(row, column, SST_TEXT, xf, u32(body + 6));
    } else if (type === LABEL) {
      if (length < 9) return null;
      const chars = u16(body + 6);
      let text = '';
      if (chars > 0) {
        const wide = stream[body + 8] !== 0;
        const end = body + 9 + chars * (wide ? 2 : 1);
        if (end > body + length) return null;
        text = Buffer.from(stream.buffer, stream.byteOffset + body + 9, end - body - 9).toString(
          wide ? 'utf16le' : 'latin1',
        );
      }
      ok = cells.add(row, column, INLINE_TEXT, xf, cells.texts.length);
      cells.texts.push(text);
    } else continue;
    if (!ok) return null;
    if (covered.length > 0 && covered[covered.length - 1] === start) covered[covered.length - 1] = l;
    else covered.push(start, l);
  }
  if (!done) return null;
  const copy = Buffer.from(stream);
  for (let i = 0; i < covered.length; i += 2) cover(copy, covered[i]!, covered[i + 1]!);
  return { stream: copy, cells, xfFormats };
}

/**
 * An RK value (MS-XLS 2.5.217) as SheetJS reads it: the float with SheetJS's own arithmetic
 * (read_double_le), so that even a subnormal or NaN comes out the same.
 */
function rkNumber(view: DataView, at: number): number {
  const b0 = view.getUint8(at);
  let value: number;
  if ((b0 & 2) === 0) {
    const b7 = view.getUint8(at + 3);
    const b6 = view.getUint8(at + 2);
    const sign = 1 - 2 * (b7 >>> 7);
    let exponent = ((b7 & 0x7f) << 4) + ((b6 >>> 4) & 0x0f);
    let mantissa = b6 & 0x0f;
    mantissa = mantissa * 256 + view.getUint8(at + 1);
    mantissa = mantissa * 256 + (b0 & 0xfc);
    for (let i = 0; i < 4; i++) mantissa = mantissa * 256;
    if (exponent === 0x7ff) value = mantissa === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
    else {
      if (exponent === 0) exponent = -1022;
      else {
        exponent -= 1023;
        mantissa += 2 ** 52;
      }
      // biome-ignore lint/style/useExponentiationOperator: SheetJS's very arithmetic.
      value = sign * Math.pow(2, exponent - 52) * mantissa;
    }
  } else value = view.getInt32(at, true) >> 2;
  return b0 & 1 ? value / 100 : value;
}

/** Overwrites [from, to) with records SheetJS skips (each at most 65,535 bytes long). */
function cover(bytes: Buffer, from: number, to: number) {
  let at = from;
  while (at < to) {
    const left = to - at - 4;
    let length = Math.min(65_535, left);
    if (left - length > 0 && left - length < 4) length -= 4;
    bytes.writeUInt16LE(SKIPPED, at);
    bytes.writeUInt16LE(length, at + 2);
    at += 4 + length;
  }
}
