import { organizationParams, PathIdParam } from '../pathId';

// The routes that take these check the session first (signedInFirst), so a caller without one gets
// 401 whatever the ids; a malformed id is then 404, as one that names nothing.
export const params = organizationParams;
export const generalParams = params.extend({ generalPricelistId: PathIdParam });
export const pricelistParams = generalParams.extend({ pricelistId: PathIdParam });
