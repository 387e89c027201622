import type { PricelistRowValues } from '#contract';

/**
 * A price list as a Peppol BIS Catalogue 3 `Replace` document (UTF-8): one CatalogueLine per row,
 * with what readCatalogue.ts reads back (article number, name, price in SEK, minimum order
 * quantity, delivery time in days, warranty terms). Garanti antal, enhet and gäller från have no
 * place in the syntax; a catalogue read back keeps them as the price list has them.
 */
export interface CatalogueHeading {
  /** The document's ID: the price list's number. */
  id: string;
  issueDate: string;
  /** ValidityPeriod/StartDate: the price list's first day. */
  startDate: string;
  supplierName: string;
}

export interface CatalogueDocument extends CatalogueHeading {
  rows: readonly { values: PricelistRowValues; articleName: string | null }[];
}

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function writeCatalogue(document: CatalogueDocument): string {
  const party = (element: string, name: string) =>
    `  <cac:${element}>\n    <cbc:EndpointID schemeID="0007">0000000000</cbc:EndpointID>\n    <cac:PartyLegalEntity>\n      <cbc:RegistrationName>${escaped(name)}</cbc:RegistrationName>\n    </cac:PartyLegalEntity>\n  </cac:${element}>\n`;
  const lines = document.rows.map(({ values, articleName }, i) => {
    const optional = (text: string | null | undefined, element: string) =>
      text === null || text === undefined || text === '' ? '' : element;
    return [
      '  <cac:CatalogueLine>',
      `    <cbc:ID>${i + 1}</cbc:ID>`,
      `    <cbc:MinimumOrderQuantity>${values.minimumOrderQuantity}</cbc:MinimumOrderQuantity>`,
      optional(
        values.warrantyTerms,
        `    <cbc:WarrantyInformation>${escaped(values.warrantyTerms ?? '')}</cbc:WarrantyInformation>`,
      ),
      '    <cac:RequiredItemLocationQuantity>',
      optional(
        values.deliveryTimeDays === null ? null : String(values.deliveryTimeDays),
        `      <cbc:LeadTimeMeasure unitCode="DAY">${values.deliveryTimeDays}</cbc:LeadTimeMeasure>`,
      ),
      '      <cac:Price>',
      `        <cbc:PriceAmount currencyID="SEK">${values.price}</cbc:PriceAmount>`,
      '      </cac:Price>',
      '    </cac:RequiredItemLocationQuantity>',
      '    <cac:Item>',
      `      <cbc:Name>${escaped(articleName ?? values.articleNumber)}</cbc:Name>`,
      '      <cac:SellersItemIdentification>',
      `        <cbc:ID>${escaped(values.articleNumber)}</cbc:ID>`,
      '      </cac:SellersItemIdentification>',
      '    </cac:Item>',
      '  </cac:CatalogueLine>',
    ]
      .filter((text) => text !== '')
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Catalogue xmlns="urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2"',
    '  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    '  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    '  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:catalogue:3</cbc:CustomizationID>',
    '  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:catalogue_only:3</cbc:ProfileID>',
    `  <cbc:ID>${escaped(document.id)}</cbc:ID>`,
    '  <cbc:ActionCode>Replace</cbc:ActionCode>',
    `  <cbc:IssueDate>${document.issueDate}</cbc:IssueDate>`,
    '  <cac:ValidityPeriod>',
    `    <cbc:StartDate>${document.startDate}</cbc:StartDate>`,
    '  </cac:ValidityPeriod>',
    `${party('ProviderParty', document.supplierName)}${party('ReceiverParty', 'Hjälpmedelsdatabasen')}${lines.join('\n')}`,
    '</Catalogue>',
    '',
  ].join('\n');
}
