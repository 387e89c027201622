import type { RefObject } from 'react';
import { Menu, MenuItem, Popover, RouterProvider, Separator } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';
import type { Profile } from '#contract/auth';
import { useLogout } from '../../api/session';
import { links } from '../../ui/links';
import { sv } from '../../ui/text/sv';
import { userMenuItems } from './menuRules';

/** React Router's href for a path in the app; an absolute address (the manual) stays as it is. */
function useAppHref(href: string) {
  const appHref = useHref(href);
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : appHref;
}

interface Props {
  profile: Profile;
  id: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  /** Where focus goes when the menu opens: the first or last entry (by keyboard), or the menu itself. */
  autoFocus: 'first' | 'last' | true;
  onClose: () => void;
}

/**
 * The user menu's popover and entries: react-aria gives them the menu keyboard model, closes them
 * on Escape and on a click outside, and gives the focus back to the button. It is its own chunk,
 * loaded when the menu is about to open, so the start page does not carry react-aria.
 */
export function UserMenuPopover({ profile, id, triggerRef, isOpen, autoFocus, onClose }: Props) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    // Lets the entries' links navigate inside the SPA.
    <RouterProvider navigate={navigate} useHref={useAppHref}>
      <Popover
        triggerRef={triggerRef}
        trigger="MenuTrigger"
        isOpen={isOpen}
        onOpenChange={(open) => !open && onClose()}
        placement="bottom end"
        className="user-menu-popover"
      >
        <Menu
          id={id}
          className="user-menu"
          aria-label={sv.userMenu.label}
          autoFocus={autoFocus}
          onClose={onClose}
        >
          {userMenuItems(profile).map((item) => (
            <MenuItem key={item.key} id={item.key} href={item.to} className="user-menu-item">
              {item.label}
            </MenuItem>
          ))}
          <MenuItem id="help" href={links.manual} className="user-menu-item">
            {sv.userMenu.help}
          </MenuItem>
          <Separator className="user-menu-separator" />
          <MenuItem id="logout" onAction={logout} className="user-menu-item">
            {sv.userMenu.logOut}
          </MenuItem>
        </Menu>
      </Popover>
    </RouterProvider>
  );
}
