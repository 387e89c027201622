import { describe, expect, it } from 'vitest';
import { v1AreaName } from './v1Areas';

describe('area names of the /v1 paths of docs/product.md, "Screens and routes"', () => {
  it.each([
    ['/v1/profile', 'Min profil'],
    ['/v1/organization', 'Min organisation'],
    ['/v1/organization/3/handle', 'Organisation'],
    ['/v1/organization/3/user/12/handle', 'Användare'],
    ['/v1/organization/3/exportfile', 'Exportfil'],
    ['/v1/exportsettings', 'Exportinställningar'],
    ['/v1/search', 'Sök'],
    ['/v1/dashboard', 'Ärenden'],
    ['/v1/administration', 'Administration'],
    ['/v1/categoryadmin', 'Kategorier'],
    ['/v1/organization/3/product', 'Produkter & artiklar'],
    ['/v1/organization/3/product/9/handle', 'Produkt'],
    ['/v1/organization/3/article/9/handle', 'Artikel'],
    ['/v1/organization/3/generalpricelist', 'Generell prislista'],
    ['/v1/organization/3/generalpricelist/1', 'Generell prislista'],
    ['/v1/organization/3/generalpricelist/empty', 'Generell prislista'],
    ['/v1/organization/3/generalpricelist/1/empty', 'Generell prislista'],
    ['/v1/generalpricelist', 'Generella prislistor'],
    ['/v1/organization/3/generalpricelist/1/pricelist/2', 'Prislista'],
    ['/v1/organization/3/agreement', 'Inköpsavtal'],
    ['/v1/organization/3/agreement/4/handle', 'Inköpsavtal'],
    ['/v1/organization/3/agreement/4/pricelist/5/handle', 'Avtalsprislista'],
    ['/v1/organization/3/assortment', 'Utbud'],
    ['/v1/organization/3/assortment/6/handle', 'Utbud'],
    ['/v1/search/', 'Sök'],
    ['/v1/okand/sida', 'Den separata applikationen'],
    ['/v1', 'Den separata applikationen'],
  ])('%s is %s', (pathname, name) => {
    expect(v1AreaName(pathname)).toBe(name);
  });
});
