import { asciiBytes, INCOMPLETE, SLASH, XmlScanner } from './xmlScanner';

const SI = asciiBytes('si');
const SST = asciiBytes('sst');

/** Streams the shared string table (xl/sharedStrings.xml) into an array, rich text runs joined. */
export class SharedStringsScanner extends XmlScanner {
  readonly strings: string[] = [];

  constructor() {
    super('sharedStrings');
  }

  protected scan(bytes: Buffer, last: boolean): number {
    let at = 0;
    while (!this.done) {
      const lt = this.nextTag(bytes, at);
      if (lt === INCOMPLETE) return last ? bytes.length : at;
      const next = bytes[lt + 1]!;
      if (this.isSpecial(next)) {
        const end = this.skipSpecial(bytes, lt);
        if (end === INCOMPLETE) return lt;
        at = end;
        continue;
      }
      const closing = next === SLASH;
      const afterName = this.readName(bytes, closing ? lt + 2 : lt + 1);
      if (afterName === INCOMPLETE) return lt;
      const isItem = !closing && this.nameIs(bytes, SI);
      const isTable = this.nameIs(bytes, SST);
      const gt = closing ? this.tagEnd(bytes, afterName) : this.readAttributes(bytes, afterName);
      if (gt === INCOMPLETE) return lt;
      at = gt + 1;
      if (isTable && (closing || this.selfClosing)) this.done = true;
      if (!isItem) continue;
      if (this.selfClosing) {
        this.strings.push('');
        continue;
      }
      const end = this.parseRichText(bytes, at, SI);
      if (end === INCOMPLETE) return lt;
      this.strings.push(this.richText);
      at = end;
    }
    return bytes.length;
  }
}
