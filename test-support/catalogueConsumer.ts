import type { PricelistRowValues, WebhookPricelistChangedEvent } from '#contract';
import { api, pricelistRows } from './importFlow';
import type { TestApp } from './testApp';

/** What a Peppol catalogue carries of a row: no warranty quantity, unit or "valid from". */
export type CatalogueRow = Pick<
  PricelistRowValues,
  'articleNumber' | 'price' | 'minimumOrderQuantity' | 'deliveryTimeDays' | 'warrantyTerms'
>;

export const catalogueRowOf = (row: PricelistRowValues): CatalogueRow => ({
  articleNumber: row.articleNumber,
  price: Number(row.price).toFixed(2),
  minimumOrderQuantity: row.minimumOrderQuantity,
  deliveryTimeDays: row.deliveryTimeDays,
  warrantyTerms: row.warrantyTerms,
});

const unescaped = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const elementText = (line: string, path: RegExp) => {
  const found = path.exec(line);
  return found ? unescaped(found[1]!) : null;
};

/**
 * The lines of a Peppol `Update` catalogue as this service writes them (peppol/writeCatalogue.ts),
 * each with its ActionCode: enough of a reader for a test's consumer, not a general one.
 */
export function updateLines(xml: string): { action: string; row: CatalogueRow }[] {
  return [...xml.matchAll(/<cac:CatalogueLine>([\s\S]*?)<\/cac:CatalogueLine>/g)].map(([, line]) => {
    const lead = elementText(line!, /<cbc:LeadTimeMeasure[^>]*>([^<]*)</);
    return {
      action: elementText(line!, /<cbc:ActionCode>([^<]*)</)!,
      row: {
        articleNumber: elementText(line!, /<cac:SellersItemIdentification>\s*<cbc:ID>([^<]*)</)!,
        price: Number(elementText(line!, /<cbc:PriceAmount[^>]*>([^<]*)</)).toFixed(2),
        minimumOrderQuantity: Number(elementText(line!, /<cbc:MinimumOrderQuantity>([^<]*)</)),
        deliveryTimeDays: lead === null ? null : Number(lead),
        warrantyTerms: elementText(line!, /<cbc:WarrantyInformation>([^<]*)</),
      },
    };
  });
}

/**
 * A buyer's system that follows only `pricelist.changed` webhooks and the Peppol `Update`
 * catalogues: a copy of each list taken with the feed's head read first, then, for each event,
 * the changes of its list since the list's own cursor (the answer's Feed-Cursor). It reads as
 * `cookie`'s user: a region's user follows every supplier's lists, a supplier its own.
 */
export async function startCatalogueConsumer(testApp: TestApp, cookie: string, lists: number[]) {
  const headers = { cookie };
  const head = (await testApp.app.inject({ url: `${api}/pricelists/changes?limit=1`, headers })).json()
    .head as string;
  const cursors = new Map(lists.map((id) => [id, head]));
  const copy = new Map<number, Map<string, CatalogueRow>>();
  for (const id of lists)
    copy.set(
      id,
      new Map((await pricelistRows(testApp, id)).map((row) => [row.articleNumber, catalogueRowOf(row)])),
    );
  return {
    /** What a `pricelist.changed` event asks for: its list's changes since the list's cursor. */
    async changed({ organization, generalPricelistId, pricelist }: WebhookPricelistChangedEvent['data']) {
      const rows = copy.get(pricelist.id);
      if (!rows) throw new Error(`an event of list ${pricelist.id}, which the consumer does not follow`);
      const answer = await testApp.app.inject({
        url: `${api}/pricelists/${organization.id}/${generalPricelistId}/${pricelist.id}/peppol?after=${cursors.get(pricelist.id)}`,
        headers,
      });
      if (answer.statusCode !== 200 && answer.statusCode !== 204)
        throw new Error(`catalogue: ${answer.statusCode} ${answer.body}`);
      cursors.set(pricelist.id, String(answer.headers['feed-cursor']));
      if (answer.statusCode === 204) return;
      for (const { action, row } of updateLines(answer.body)) {
        if (action === 'Delete') rows.delete(row.articleNumber);
        else rows.set(row.articleNumber, row);
      }
    },
    lists: () =>
      new Map(
        [...copy].map(([id, rows]) => [
          id,
          [...rows.values()].sort((a, b) => (a.articleNumber < b.articleNumber ? -1 : 1)),
        ]),
      ),
  };
}
