import type { HeaderField } from './cataloguePaths';

/** What readCatalogue.ts reads: the values of a catalogue's header and lines, with where they are. */

/** One value read from the document, with where it is and the attribute we need. */
export interface CatalogueValue {
  value: string;
  /** The byte offset of its start tag: CatalogueRead.xmlLineAt tells the line when an error needs it. */
  offset: number;
  /** currencyID of PriceAmount, unitCode of LeadTimeMeasure; null when absent. */
  attribute: string | null;
  /** Where its content starts (after the start tag) and ends (its end tag's `<`; -1 for `<x/>`). */
  contentStart: number;
  contentEnd: number;
}

export interface CatalogueLine {
  /** 1-based position among the document's CatalogueLine elements. */
  index: number;
  offset: number;
  /** After its start tag, and after its end tag (the same for `<cac:CatalogueLine/>`). */
  contentStart: number;
  end: number;
  id: CatalogueValue | undefined;
  actionCode: CatalogueValue | undefined;
  minimumOrderQuantity: CatalogueValue | undefined;
  warrantyInformation: CatalogueValue | undefined;
  leadTime: CatalogueValue | undefined;
  price: CatalogueValue | undefined;
  name: CatalogueValue | undefined;
  articleNumber: CatalogueValue | undefined;
}

/** Every line has the same fields from the start: one object shape for all of them. */
export const newLine = (index: number, offset: number, contentStart: number): CatalogueLine => ({
  index,
  offset,
  contentStart,
  end: contentStart,
  id: undefined,
  actionCode: undefined,
  minimumOrderQuantity: undefined,
  warrantyInformation: undefined,
  leadTime: undefined,
  price: undefined,
  name: undefined,
  articleNumber: undefined,
});

export type CatalogueHeader = { [field in HeaderField]?: CatalogueValue };

/** What the reader knows of the document: the header, and what it has not read. */
export interface CatalogueRead {
  /** Complete once the first line has come (a catalogue's header comes before its lines), or at the end. */
  header: CatalogueHeader;
  lineCount: number;
  /** Paths (below Catalogue) of the elements not read, each once, in document order. */
  ignored: Set<string>;
  /** The XML line of a byte offset (counted only for the few values an error names). */
  xmlLineAt(offset: number): number;
}

/** An empty CatalogueRead for readCatalogue to fill, and the line numbers of `bytes`. */
export function catalogueRead(bytes: Buffer): CatalogueRead {
  // Counts from where it counted last, forward or back: errors come in document order.
  let counted = 0;
  let line = 1;
  return {
    header: {},
    lineCount: 0,
    ignored: new Set(),
    xmlLineAt(offset) {
      for (; counted < offset; counted++) if (bytes[counted] === 0x0a) line++;
      for (; counted > offset; counted--) if (bytes[counted - 1] === 0x0a) line--;
      return line;
    },
  };
}
