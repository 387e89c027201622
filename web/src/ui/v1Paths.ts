/** The /v1 addresses of the price lists, which the header, the summaries and the price-list pages link to. */
export const generalPricelistPath = (organizationId: number | undefined, generalPricelistId: number) =>
  `/v1/organization/${organizationId}/generalpricelist/${generalPricelistId}`;

export const pricelistPath = (organizationId: number, generalPricelistId: number, pricelistId: number) =>
  `${generalPricelistPath(organizationId, generalPricelistId)}/pricelist/${pricelistId}`;
