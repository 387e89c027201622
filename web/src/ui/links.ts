/**
 * Addresses of the external pages the header and footer link to. They are set when the SPA is
 * built (`VITE_…` environment variables, see docs/decisions/0006-shell-navigation-and-links.md) and default to
 * Inera's public pages for Hjälpmedelstjänsten. They are the only source of these addresses.
 */
const env = import.meta.env;

const configured = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;

const SERVICE_PAGE = 'https://www.inera.se/tjanster/hjalpmedelstjansten/';

export const links = {
  manual: configured(env.VITE_MANUAL_URL, 'https://www.inera.se/tjanster/hjalpmedelstjansten/manual'),
  servicePage: configured(env.VITE_SERVICE_PAGE_URL, SERVICE_PAGE),
  openInformation: configured(
    env.VITE_OPEN_INFORMATION_URL,
    'https://www.inera.se/tjanster/hjalpmedelstjansten/oppen-information/',
  ),
  accessibility: configured(
    env.VITE_ACCESSIBILITY_URL,
    'https://www.inera.se/tjanster/hjalpmedelstjansten/tillganglighetsredogorelse/',
  ),
  changeRoles: configured(
    env.VITE_CHANGE_ROLES_URL,
    'https://www.inera.se/tjanster/hjalpmedelstjansten/byta-roller/',
  ),
  support: configured(env.VITE_SUPPORT_URL, 'https://www.inera.se/kundservice/'),
  personalData: configured(
    env.VITE_PERSONAL_DATA_URL,
    'https://www.inera.se/om-inera/behandling-av-personuppgifter/',
  ),
} as const;
