import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#contract';
import { isCommonPassword } from './commonPasswords';

/** argon2id in @node-rs/argon2's Algorithm enum (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id with OWASP's minimum: 19 MiB memory, 2 iterations (docs/product.md, "Security rules"). */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

let verifications = 0;

/** How many verifications this process ran: lets a test see that every login path runs one. */
export const passwordVerificationCount = () => verifications;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifications++;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password with the same parameters as real ones. A login for an unknown
 * username is verified against it, so it costs the same time as a wrong password for a real user.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

export const passwordMessages = {
  tooShort: `Ditt lösenord måste vara minst ${PASSWORD_MIN_LENGTH} tecken långt.`,
  tooLong: `Ditt lösenord får vara högst ${PASSWORD_MAX_LENGTH} tecken långt.`,
  common: 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat lösenord.',
} as const;

/** Why a new password is refused, or undefined when it is acceptable. Length counts characters. */
export function newPasswordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  if (isCommonPassword(password)) return passwordMessages.common;
  return undefined;
}
