import './pricelists.css';
import { Link, useParams } from 'react-router';
import { pricelistTimeStatusLabels } from '#contract/domain';
import { IMPORT_PERMISSION } from '#contract/permissions';
import type { GeneralPricelistView } from '#contract/pricelists';
import { hasPermission, useGetProfileQuery } from '../../api/profile';
import { type DataColumn, DataTable } from '../../ui/DataTable';
import { formatCount, formatDateTime } from '../../ui/format';
import { Tag } from '../../ui/Tag';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';
import { pricelistPath } from '../../ui/v1Paths';
import { useGetGeneralPricelistViewQuery } from './api';
import { timeStatusTone } from './paths';
import { pricelistTexts } from './texts';

const texts = pricelistTexts;

type GeneralPricelistRow = GeneralPricelistView['pricelists'][number];

/**
 * The price lists of a general price list: each links to its page and, for who may import (the
 * summary is theirs alone; a region's user reads its name and time), to its latest import.
 */
const pricelistColumns = (
  organizationId: number,
  generalPricelistId: number,
  mayImport: boolean,
): DataColumn<GeneralPricelistRow>[] => [
  {
    header: texts.columns.number,
    cell: (pricelist) => (
      <Link to={pricelistPath(organizationId, generalPricelistId, pricelist.id)}>
        {texts.heading(pricelist.number)}
      </Link>
    ),
  },
  {
    header: texts.columns.status,
    cell: (pricelist) => (
      <Tag tone={timeStatusTone[pricelist.status]} label={pricelistTimeStatusLabels[pricelist.status]} />
    ),
  },
  { header: texts.columns.validFrom, cell: (pricelist) => pricelist.validFrom },
  { header: texts.columns.rowCount, numeric: true, cell: (pricelist) => formatCount(pricelist.rowCount) },
  {
    header: texts.columns.lastImport,
    cell: (pricelist) =>
      pricelist.lastImport ? (
        <>
          {mayImport ? (
            <Link to={`/import/${pricelist.lastImport.id}`}>{pricelist.lastImport.fileName}</Link>
          ) : (
            pricelist.lastImport.fileName
          )}{' '}
          {formatDateTime(pricelist.lastImport.imported)}
        </>
      ) : (
        texts.noImport
      ),
  },
];

/** /v1/organization/{org}/generalpricelist/{gp}: the general price list and its price lists. */
export function GeneralPricelistPage() {
  const params = useParams();
  const organizationId = Number(params.organizationId);
  const generalPricelistId = Number(params.generalPricelistId);
  usePageTitle(texts.generalHeading);
  const { data: profile } = useGetProfileQuery();
  const mayImport = hasPermission(profile, IMPORT_PERMISSION);
  const { data, isError, isLoading } = useGetGeneralPricelistViewQuery({
    organizationId,
    generalPricelistId,
  });

  return (
    <div className="pricelist-page">
      <h1 tabIndex={-1}>{texts.generalHeading}</h1>
      {isError && <p className="banner error">{texts.notFound}</p>}
      {isLoading && <p>{sv.app.loading}</p>}
      {data && (
        <>
          <p>{texts.generalIntro}</p>
          <DataTable
            label={texts.generalHeading}
            columns={pricelistColumns(organizationId, generalPricelistId, mayImport)}
            rows={data.pricelists}
            rowKey={(pricelist) => pricelist.id}
          />
        </>
      )}
    </div>
  );
}
