import pg from 'pg';

/**
 * `COPY (query) TO STDOUT (FORMAT binary)` of one bytea column, run as COPY so that the values
 * arrive as the bytes they are. An ordinary result is made into strings by pg before any type is
 * parsed, and bytea's hex is twice the bytes: reading a 20 MB upload back that way cost the API
 * thread 450–750 ms and 40 MB of strings to collect (decision 0054); this costs it a copy.
 * PostgreSQL only: PGlite keeps uploads on disk and never runs it.
 */
export const isBinaryCopy = (text: string) => /^copy \(.*\) to stdout \(format binary\)$/is.test(text);

/** The 11-byte signature, the flags and the length of the header extension that follow it. */
const HEADER_BYTES = 19;

/**
 * PostgreSQL sends one row per CopyData message, the file header before the first row and the
 * trailer (a field count of -1) in a message of its own; a row is never split.
 */
class BinaryCopy extends pg.Query {
  readonly values: Buffer[] = [];
  private headerRead = false;

  handleCopyData(message: { chunk: Buffer }) {
    const chunk = message.chunk;
    let at = 0;
    if (!this.headerRead) {
      at = HEADER_BYTES + chunk.readInt32BE(HEADER_BYTES - 4);
      this.headerRead = true;
    }
    while (at < chunk.length) {
      const fields = chunk.readInt16BE(at);
      at += 2;
      if (fields === -1) return;
      if (fields !== 1) throw new Error(`binary COPY of one column gave ${fields} columns`);
      const length = chunk.readInt32BE(at);
      at += 4;
      if (length < 0 || at + length > chunk.length) throw new Error('binary COPY: a value is null or split');
      // A copy: the chunk is a view into the parser's buffer, which the next message reuses.
      this.values.push(Buffer.from(chunk.subarray(at, at + length)));
      at += length;
    }
  }
}

/** Runs `text` (isBinaryCopy) on `client`: the column's values in order. */
export function copyBinaryColumn(client: pg.ClientBase, text: string): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const copy = new BinaryCopy(text, (error) => (error ? reject(error) : resolve(copy.values)));
    client.query(copy);
  });
}
