import './pricelists.css';
import { Link, useParams } from 'react-router';
import { pricelistTimeStatusLabels } from '#contract/domain';
import { formatCount, formatDateTime } from '../../ui/format';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { Tag } from '../../ui/Tag';
import { sv } from '../../ui/text/sv';
import { usePageTitle } from '../../ui/usePageTitle';
import { pricelistPath } from '../../ui/v1Paths';
import { useGetGeneralPricelistViewQuery } from './api';
import { timeStatusTone } from './paths';
import { pricelistTexts } from './texts';

/** /v1/organization/{org}/generalpricelist/{gp}: the general price list and its price lists. */
export function GeneralPricelistPage() {
  const params = useParams();
  const organizationId = Number(params.organizationId);
  const generalPricelistId = Number(params.generalPricelistId);
  const texts = pricelistTexts;
  usePageTitle(texts.generalHeading);
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
          <ScrollRegion label={texts.generalHeading}>
            <table className="data-table">
              <caption className="visually-hidden">{texts.generalHeading}</caption>
              <thead>
                <tr>
                  <th scope="col">{texts.columns.number}</th>
                  <th scope="col">{texts.columns.status}</th>
                  <th scope="col">{texts.columns.validFrom}</th>
                  <th scope="col" className="numeric">
                    {texts.columns.rowCount}
                  </th>
                  <th scope="col">{texts.columns.lastImport}</th>
                </tr>
              </thead>
              <tbody>
                {data.pricelists.map((pricelist) => (
                  <tr key={pricelist.id}>
                    <td>
                      <Link to={pricelistPath(organizationId, generalPricelistId, pricelist.id)}>
                        {texts.heading(pricelist.number)}
                      </Link>
                    </td>
                    <td>
                      <Tag
                        tone={timeStatusTone[pricelist.status]}
                        label={pricelistTimeStatusLabels[pricelist.status]}
                      />
                    </td>
                    <td>{pricelist.validFrom}</td>
                    <td className="numeric">{formatCount(pricelist.rowCount)}</td>
                    <td>
                      {pricelist.lastImport ? (
                        <>
                          <Link to={`/import/${pricelist.lastImport.id}`}>
                            {pricelist.lastImport.fileName}
                          </Link>{' '}
                          {formatDateTime(pricelist.lastImport.imported)}
                        </>
                      ) : (
                        texts.noImport
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </div>
  );
}
