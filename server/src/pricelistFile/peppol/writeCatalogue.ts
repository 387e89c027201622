import type { PricelistRowValues } from '#contract';

/**
 * A price list as a Peppol BIS Catalogue 3 document (UTF-8): `Replace`, one CatalogueLine per row,
 * or `Update`, one line per changed row with its own ActionCode (Add, Update, Delete). Each line
 * has what readCatalogue.ts reads back (article number, name, price in SEK, minimum order
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
  /** The supplier's Swedish organisation number (10 digits), where it is known. */
  supplierOrganizationNumber?: string | null;
  /**
   * An `Update` document: each row's line action, in row order (the change feed's rows since a
   * cursor). Absent: a `Replace` document of the whole list.
   */
  lineActions?: readonly CatalogueLineAction[];
}

export type CatalogueLineAction = 'Add' | 'Update' | 'Delete';

export interface CatalogueDocument extends CatalogueHeading {
  rows: readonly { values: PricelistRowValues; articleName: string | null }[];
}

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A party: the supplier, by name and, where it is known, by its organisation number (ICD 0007,
 * a Swedish organisation number) as its electronic address and legal registration
 * (docs/decisions/0044-pages-for-integrators.md). Both ProviderParty and ReceiverParty name the
 * supplier: it provides the catalogue and gets it when downloading it; the service has no Peppol
 * identifier of its own to name. Without a number the party has its name only: the syntax asks
 * for an EndpointID, and a made-up one (as 0000000000 was) would name some other company.
 */
function party(element: string, name: string, organizationNumber: string | null | undefined): string {
  const number = organizationNumber && /^\d{10}$/.test(organizationNumber) ? organizationNumber : null;
  const lines = [`  <cac:${element}>`];
  if (number !== null) lines.push(`    <cbc:EndpointID schemeID="0007">${number}</cbc:EndpointID>`);
  lines.push(
    '    <cac:PartyLegalEntity>',
    `      <cbc:RegistrationName>${escaped(name)}</cbc:RegistrationName>`,
  );
  if (number !== null) lines.push(`      <cbc:CompanyID schemeID="0007">${number}</cbc:CompanyID>`);
  lines.push('    </cac:PartyLegalEntity>', `  </cac:${element}>`);
  return `${lines.join('\n')}\n`;
}

export function writeCatalogue(document: CatalogueDocument): string {
  const supplier = (element: string) =>
    party(element, document.supplierName, document.supplierOrganizationNumber);
  const lines = document.rows.map(({ values, articleName }, i) => {
    const optional = (text: string | null | undefined, element: string) =>
      text === null || text === undefined || text === '' ? '' : element;
    return [
      '  <cac:CatalogueLine>',
      `    <cbc:ID>${i + 1}</cbc:ID>`,
      document.lineActions ? `    <cbc:ActionCode>${document.lineActions[i]}</cbc:ActionCode>` : '',
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
    `  <cbc:ActionCode>${document.lineActions ? 'Update' : 'Replace'}</cbc:ActionCode>`,
    `  <cbc:IssueDate>${document.issueDate}</cbc:IssueDate>`,
    '  <cac:ValidityPeriod>',
    `    <cbc:StartDate>${document.startDate}</cbc:StartDate>`,
    '  </cac:ValidityPeriod>',
    `${supplier('ProviderParty')}${supplier('ReceiverParty')}${lines.join('\n')}`,
    '</Catalogue>',
    '',
  ].join('\n');
}
