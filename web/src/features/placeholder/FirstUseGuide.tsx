import { Link } from 'react-router';
import { IMPORT_PERMISSION } from '#contract/permissions';
import { hasPermission, useGetProfileQuery } from '../../api/profile';
import { firstUseTexts } from './texts';

/**
 * On the profile page, where a supplier's first sign-in lands: the way to a first price list in
 * three steps. Only for users who may read in price lists; others see the placeholder alone.
 */
export function FirstUseGuide() {
  const { data: profile } = useGetProfileQuery();
  if (!hasPermission(profile, IMPORT_PERMISSION)) return null;
  const text = firstUseTexts;
  return (
    <section aria-labelledby="first-use-heading" className="first-use">
      <h2 id="first-use-heading">{text.heading}</h2>
      <p>{text.lead}</p>
      <ol>
        <li>
          <strong>{text.template.title}</strong> {text.template.text}
        </li>
        <li>
          <strong>{text.fill.title}</strong> {text.fill.text}
        </li>
        <li>
          <strong>{text.readIn.title}</strong> {text.readIn.text}
        </li>
      </ol>
      <p>
        <Link to="/import">{text.toImports}</Link>
      </p>
      <p>
        {text.programs} <Link to="/api-dokumentation">{text.toApiDocs}</Link>
      </p>
    </section>
  );
}
