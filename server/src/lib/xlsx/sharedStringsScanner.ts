import { asciiBytes, INCOMPLETE } from '../xml/xmlTokenizer';
import { XmlScanner } from './xmlScanner';

const SI = asciiBytes('si');
const SST = asciiBytes('sst');

/** Streams the shared string table (xl/sharedStrings.xml) into an array, rich text runs joined. */
export class SharedStringsScanner extends XmlScanner {
  readonly strings: string[] = [];

  constructor() {
    super('sharedStrings');
  }

  protected scan(bytes: Buffer, last: boolean): number {
    const tags = this.tags;
    let at = 0;
    while (!this.done) {
      at = tags.readTag(bytes, at);
      if (at === INCOMPLETE) return last ? bytes.length : tags.tagStart;
      const lt = tags.tagStart;
      const isItem = !tags.closing && tags.nameIs(bytes, SI);
      if (tags.nameIs(bytes, SST) && (tags.closing || tags.selfClosing)) this.done = true;
      if (!isItem) continue;
      if (tags.selfClosing) {
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
