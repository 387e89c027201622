import { type KeyboardEvent, lazy, type MouseEvent, Suspense, useId, useRef, useState } from 'react';
import type { Profile } from '#contract/auth';
import { firstEngagement, useGetOrganizationQuery } from '../../api/profile';
import { sv } from '../../ui/text/sv';

// The menu brings react-aria (~50 kB gzipped): loaded when the menu is about to open (the pointer
// over the button, or focus on it) or opens, so the start page does not load it (docs/benchmarks.md).
const loadPopover = () => import('./UserMenuPopover');
const UserMenuPopover = lazy(() => loadPopover().then((module) => ({ default: module.UserMenuPopover })));
const preload = () => void loadPopover();

type Open = false | 'first' | 'last' | true;

/**
 * The user menu of docs/product.md, "Screens and routes": a menu button that shows the user's name and organisation.
 * The button is a plain one, in the page from the start; it opens the menu as react-aria's MenuTrigger
 * did: Enter, Space and ArrowDown with focus on the first entry, ArrowUp on the last, a click on the menu.
 */
export function UserMenu({ profile }: { profile: Profile }) {
  const organizationId = firstEngagement(profile)?.organizationId;
  const organization = useGetOrganizationQuery(organizationId ?? 0, { skip: organizationId === undefined });
  const fullName = `${profile.firstName} ${profile.lastName}`;
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [open, setOpen] = useState<Open>(false);
  // Once opened, the popover stays mounted (closed) so that it closes with react-aria's own handling.
  const [loaded, setLoaded] = useState(false);
  const show = (focus: Exclude<Open, false>) => {
    setLoaded(true);
    setOpen(focus);
  };

  // A click without a pointer (a screen reader's) has detail 0: it opens on the first entry.
  const onClick = (event: MouseEvent) => (open ? setOpen(false) : show(event.detail === 0 ? 'first' : true));
  // Keys open the menu on keydown, as react-aria's trigger does, and not through the click a key
  // makes: that click would tell react-aria the user is not on a keyboard, and it would not move
  // the focus into the menu at once.
  const onKeyDown = (event: KeyboardEvent) => {
    const focus = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' } as const;
    const where = focus[event.key as keyof typeof focus];
    if (!where) return;
    event.preventDefault();
    if (open && (event.key === 'Enter' || event.key === ' ')) setOpen(false);
    else show(where);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <span className="visually-hidden">{sv.userMenu.label} </span>
        <span className="user-menu-name">{fullName}</span>{' '}
        <span className="user-menu-organization">{organization.data?.organizationName ?? ''}</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <UserMenuPopover
            profile={profile}
            id={menuId}
            triggerRef={button}
            isOpen={open !== false}
            autoFocus={open || true}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
