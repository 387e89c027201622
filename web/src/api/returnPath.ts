/**
 * Where signing in again returns to after a session ended (decision 0043): the
 * page the user was on, as a path of this site only. Anything else is no return at all, so the
 * login page can never be made to send anyone to another site (an open redirect): not
 * `//evil.example` or `/\evil.example` (other hosts to a browser), not `https://…` or
 * `javascript:…`, nothing with control characters or white space (which URL parsers drop), and
 * not the sign-in pages themselves.
 */

/** The login page's query parameter that carries the path. */
export const RETURN_TO_PARAM = 'returnTo';

const MAX_LENGTH = 2000;
/** Any origin will do: only whether the path stays on it matters. */
const probe = 'https://return.invalid';

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u0020\u007f-\u00a0\u2028\u2029]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, probe);
  } catch {
    return null;
  }
  if (url.origin !== probe) return null;
  const path = url.pathname;
  if (path === '/login' || path.startsWith('/login/') || path === '/logout' || path === '/welcome')
    return null;
  return `${path}${url.search}${url.hash}`;
}

/** The login page that returns to `path` (when it is one to return to) once signed in. */
export function loginPathReturningTo(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== '/' ? `/login?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : '/login';
}
