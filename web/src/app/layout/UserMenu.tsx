import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import type { Profile } from '#contract/auth';
import { firstEngagement, useGetOrganizationQuery } from '../../api/profile';
import { useLogout } from '../../api/session';
import { links } from '../../ui/links';
import { sv } from '../../ui/text/sv';
import { userMenuItems } from './menuRules';

/**
 * The user menu of docs/product.md, "Screens and routes": a menu button that shows the user's name and organisation.
 * react-aria gives it the menu keyboard model and closes it on Escape and on a click outside.
 */
export function UserMenu({ profile }: { profile: Profile }) {
  const organizationId = firstEngagement(profile)?.organizationId;
  const organization = useGetOrganizationQuery(organizationId ?? 0, { skip: organizationId === undefined });
  const logout = useLogout();
  const fullName = `${profile.firstName} ${profile.lastName}`;

  return (
    <MenuTrigger>
      <Button className="user-menu-button">
        <span className="visually-hidden">{sv.userMenu.label} </span>
        <span className="user-menu-name">{fullName}</span>{' '}
        <span className="user-menu-organization">{organization.data?.organizationName ?? ''}</span>
      </Button>
      <Popover placement="bottom end" className="user-menu-popover">
        <Menu className="user-menu" aria-label={sv.userMenu.label}>
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
    </MenuTrigger>
  );
}
