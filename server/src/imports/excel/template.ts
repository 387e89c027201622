import type { PricelistRowValues } from '../../../../contract';

export interface TemplateRow {
  values: PricelistRowValues;
  articleName: string | null;
}

/** An .xlsx template for a general price list, optionally filled with a price list's rows. */
export async function buildPriceListTemplate(_rows?: readonly TemplateRow[]): Promise<Buffer> {
  throw new Error('not implemented yet');
}
