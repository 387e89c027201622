import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '#contract';

/** 256 random bits, base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
const wellFormed = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A new secret: "hmdb_" and 256 random bits in base64url. Shown once; only its hash is kept. */
export const newApiKeySecret = () => `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;

/**
 * SHA-256 of the whole secret, as stored. A fast hash is enough for 256 random bits: there is no
 * dictionary to try, and a slow hash would cost every scripted request (decision 0019).
 */
export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether a presented value could be a secret at all; anything else is refused before any lookup. */
export const isWellFormedSecret = (value: string) => wellFormed.test(value);

/** The secret's last four characters: stored as the key's hint, and all a log ever holds of one. */
export const hintOf = (secret: string) => secret.slice(-4);

/** How a hint reads in the list, the mails and the logs: "hmdb_…x3Fq". */
export const displayHint = (hint: string) => `${API_KEY_PREFIX}…${hint}`;
