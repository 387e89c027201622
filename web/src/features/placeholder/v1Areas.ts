import { matchPath } from 'react-router';
import { placeholderTexts } from './texts';

type AreaKey = keyof typeof placeholderTexts.areas;

/** The known paths of the separate application (docs/product.md, "Screens and routes") and the area each belongs to. */
const knownPaths: [string, AreaKey][] = [
  ['/v1/profile', 'profile'],
  ['/v1/organization', 'myOrganization'],
  ['/v1/organization/:org/handle', 'organization'],
  ['/v1/organization/:org/user/:id/handle', 'user'],
  ['/v1/organization/:org/exportfile', 'exportFile'],
  ['/v1/exportsettings', 'exportSettings'],
  ['/v1/search', 'search'],
  ['/v1/dashboard', 'dashboard'],
  ['/v1/administration', 'administration'],
  ['/v1/categoryadmin', 'categories'],
  ['/v1/organization/:org/product', 'products'],
  ['/v1/organization/:org/product/:prod/handle', 'product'],
  ['/v1/organization/:org/article/:article/handle', 'article'],
  ['/v1/organization/:org/generalpricelist', 'generalPricelist'],
  ['/v1/organization/:org/generalpricelist/:gp', 'generalPricelist'],
  ['/v1/organization/:org/generalpricelist/:gp/empty', 'generalPricelist'],
  ['/v1/generalpricelist', 'generalPricelists'],
  ['/v1/organization/:org/generalpricelist/:gp/pricelist/:id', 'pricelist'],
  ['/v1/organization/:org/agreement', 'agreements'],
  ['/v1/organization/:org/agreement/:id/handle', 'agreement'],
  ['/v1/organization/:org/agreement/:agreement/pricelist/:pricelist/handle', 'agreementPricelist'],
  ['/v1/organization/:org/assortment', 'assortments'],
  ['/v1/organization/:org/assortment/:assortment/handle', 'assortment'],
];

/** The name of the area a /v1 path belongs to; an unknown path names the separate application. */
export function v1AreaName(pathname: string): string {
  const known = knownPaths.find(([pattern]) => matchPath(pattern, pathname));
  return known ? placeholderTexts.areas[known[1]] : placeholderTexts.unknownArea;
}
