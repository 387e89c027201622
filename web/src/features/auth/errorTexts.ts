import { PASSWORD_MIN_LENGTH } from '#contract/domain';
import { apiFailureOf } from '../../api/apiError';
import { authTexts } from './texts';

/** The HTTP status of a failed call, or undefined for a network or parsing failure. */
export const statusOf = (error: unknown): number | undefined => apiFailureOf(error).status;

/**
 * docs/product.md, "Texts": 403 means wrong credentials; every other failure (429 too) is the general
 * text. A locked account (429) adds the server's sentence with the minutes until it may try again.
 */
export function loginErrorText(error: unknown): string {
  const { status, code, message } = apiFailureOf(error);
  if (status === 403) return authTexts.login.wrongCredentials;
  if (status === 429 && code === 'LOGIN_LOCKED' && message) return `${authTexts.login.failed} ${message}`;
  return authTexts.login.failed;
}

/** docs/product.md, "Forms"; docs/product.md, "Texts": an empty field explains itself, anything else is the general text. */
export const resetRequestErrorText = (username: string, email: string) =>
  username.trim() === '' || email.trim() === '' ? authTexts.recover.fieldsMissing : authTexts.recover.failed;

/** docs/product.md, "Texts": a 403 means the link is no longer valid. */
export const resetLinkErrorText = (error: unknown) =>
  statusOf(error) === 403 ? authTexts.reset.linkInvalid : authTexts.reset.failed;

/** The two new-password fields must match (docs/product.md, "Forms"); null when they do. */
export const passwordMismatchText = (newPassword: string, repeated: string) =>
  newPassword === repeated ? null : authTexts.reset.mismatch;

/**
 * What a failed password change says, and whether it is about the new password itself.
 * A server `errors` object means the password was refused: a too short password gives the text
 * of docs/product.md, "Texts"; a password refused for another reason (too long, too common) gives the
 * server's own Swedish message, since "at least 10 characters" would mislead there.
 */
export function passwordChangeError(
  error: unknown,
  newPassword: string,
): { text: string; aboutPassword: boolean } {
  const { fieldErrors } = apiFailureOf(error);
  if (fieldErrors) {
    const serverText = Object.values(fieldErrors)[0];
    const tooShort = newPassword.length < PASSWORD_MIN_LENGTH || !serverText;
    return { text: tooShort ? authTexts.reset.tooShort : serverText, aboutPassword: true };
  }
  return { text: resetLinkErrorText(error), aboutPassword: false };
}
