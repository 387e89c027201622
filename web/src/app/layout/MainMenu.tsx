import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Profile } from '#contract/auth';
import { firstEngagement } from '../../api/profile';
import { sv } from '../../ui/text/sv';
import { useGetMenuGeneralPricelistQuery } from './api';
import { isActive, mainMenuItems, showsGeneralPricelist } from './menuRules';

/**
 * The main menu of docs/product.md, "Screens and routes". Below the md breakpoint it collapses behind a "Meny"
 * button (a disclosure), which closes again when the user navigates, or on Escape (focus then
 * goes back to the button).
 */
export function MainMenu({ profile }: { profile: Profile }) {
  const { pathname } = useLocation();
  // Open for the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpenOn(null);
    toggleRef.current?.focus();
  };
  const organizationId = firstEngagement(profile)?.organizationId;
  const needsGeneralPricelist = showsGeneralPricelist(profile) && organizationId !== undefined;
  const generalPricelist = useGetMenuGeneralPricelistQuery(organizationId ?? 0, {
    skip: !needsGeneralPricelist,
  });
  // The target of "Generell prislista" depends on the answer: wait for it rather than link wrongly.
  const generalPricelistKnown = !needsGeneralPricelist || !generalPricelist.isLoading;
  const items = mainMenuItems(profile, generalPricelist.data ?? null).filter(
    (item) => item.key !== 'generalPricelist' || generalPricelistKnown,
  );

  return (
    <nav className="main-menu" aria-label={sv.header.mainMenuLabel} onKeyDown={closeOnEscape}>
      <button
        ref={toggleRef}
        type="button"
        className="main-menu-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        {sv.header.menuButton}
        <span className="main-menu-toggle-icon" aria-hidden="true" />
      </button>
      <ul id={listId} className="main-menu-list" data-open={open}>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to} aria-current={isActive(item, pathname) ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
