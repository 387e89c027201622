import { z } from 'zod';
import { DatabaseId } from './ids';

/**
 * API keys (docs/api-keys.md): a supplier's program calls the API as its user with
 * `Authorization: Bearer hmdb_…`. The secret is shown once, in the answer that creates it.
 */

/** A key as its owner sees it in the list; never its secret. */
const exampleApiKey = {
  id: 4,
  name: 'Affärssystemet',
  hint: 'hmdb_…x3Fq',
  created: '2026-11-02T10:05:12.000Z',
  expires: '2027-01-31T10:05:12.000Z',
  lastUsed: '2026-11-26T09:14:03.118Z',
  expired: false,
} as const;

export const ApiKey = z
  .object({
    id: DatabaseId,
    name: z.string(),
    /** The prefix and the secret's last four characters, e.g. "hmdb_…x3Fq": enough to tell keys apart. */
    hint: z.string(),
    created: z.string(),
    expires: z.string(),
    lastUsed: z.string().nullable(),
    /** Past its expiry: it no longer works. */
    expired: z.boolean(),
  })
  .meta({ examples: [exampleApiKey] });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ keys: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/**
 * The body of a new key. Bounded here only against abuse; what the owner is told (an empty
 * name, too long, days outside 1–365) the server answers as field errors.
 */
export const CreateApiKeyRequest = z
  .object({
    name: z
      .string()
      .max(1000)
      .refine((value) => !value.includes('\u0000')),
    expiresInDays: z.number().optional(),
  })
  .meta({ examples: [{ name: 'Affärssystemet', expiresInDays: 90 }] });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** The answer of a create: the key and, this once, its secret. */
export const CreatedApiKey = z.object({ key: ApiKey, secret: z.string() }).meta({
  examples: [
    {
      key: { ...exampleApiKey, lastUsed: null },
      secret: 'hmdb_4FR9Lc9a9ECSZWRw0c720-PtDtzs3MysvZ7vpv8x3Fq',
    },
  ],
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

/**
 * Whether the user gets a mail when a validation they asked for ends after a long time, or was
 * asked for by a program with their API key (`GET`/`PUT api-keys/validation-mails`).
 */
export const ValidationMailsSetting = z
  .object({ validationMails: z.boolean() })
  .strict()
  .meta({ examples: [{ validationMails: true }] });
export type ValidationMailsSetting = z.infer<typeof ValidationMailsSetting>;
