import { z } from 'zod';
import { DatabaseId } from './ids';

export const Permission = z.object({ name: z.string() }).meta({ examples: [{ name: 'product:create_own' }] });
export const Role = z.object({ name: z.string(), permissions: z.array(Permission) }).meta({
  examples: [
    {
      name: 'SupplierAgreementManager',
      permissions: [{ name: 'product:create_own' }, { name: 'generalpricelist:view' }],
    },
  ],
});
export type Role = z.infer<typeof Role>;
export const UserEngagement = z.object({ organizationId: DatabaseId, roles: z.array(Role) });
export type UserEngagement = z.infer<typeof UserEngagement>;

/** The profile of docs/product.md, "Data the shell shows"; `POST login` answers with the same shape. */
export const Profile = z
  .object({
    id: DatabaseId,
    firstName: z.string(),
    lastName: z.string(),
    previousLoginFound: z.boolean(),
    userEngagements: z.array(UserEngagement),
  })
  .meta({
    examples: [
      {
        id: 1,
        firstName: 'Lena',
        lastName: 'Lindqvist',
        previousLoginFound: true,
        userEngagements: [
          {
            organizationId: 1,
            roles: [
              {
                name: 'SupplierAgreementManager',
                permissions: [{ name: 'product:create_own' }, { name: 'generalpricelist:view' }],
              },
            ],
          },
        ],
      },
    ],
  });
export type Profile = z.infer<typeof Profile>;

/**
 * A text field of a request: at most `max` characters (UTF-16 code units) and no NUL, which
 * PostgreSQL's text cannot hold. Beyond either the API answers 400 "Felaktig begäran.".
 */
const textField = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'));

/** The bounds of the sign-in and reset fields (docs/api-auth.md). */
export const authFieldLimits = { username: 254, email: 254, token: 256, password: 1024 } as const;

const username = textField(authFieldLimits.username);
const email = textField(authFieldLimits.email);
const token = textField(authFieldLimits.token);
const password = textField(authFieldLimits.password);

export const LoginRequest = z
  .object({ username, password })
  .meta({ examples: [{ username: 'lev.admin', password: 'Demo-Losen-2026' }] });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionPing = z
  .object({
    hasSession: z.boolean(),
    secondsUntilExpire: z.number().int(),
    /** With a session: what ends it first, idleness (SESSION_IDLE_MINUTES) or its limit (SESSION_ABSOLUTE_HOURS). */
    endsBy: z.enum(['inactivity', 'maxAge']).optional(),
    /** The server's settings, so the SPA names them rather than building them in: idle minutes and the limit in hours. */
    idleMinutes: z.number().positive(),
    maxHours: z.number().positive(),
    /** Seconds between the SPA's pings (SESSION_PING_SECONDS). */
    pingSeconds: z.number().int().positive(),
  })
  .meta({
    examples: [
      {
        hasSession: true,
        secondsUntilExpire: 1800,
        endsBy: 'inactivity',
        idleMinutes: 30,
        maxHours: 12,
        pingSeconds: 30,
      },
    ],
  });
export type SessionPing = z.infer<typeof SessionPing>;

/** The token of a reset link, as the mail's link carries it. */
const exampleResetToken = 'q8Vd3kR0xYp2LmN7sT4uWz9aBc1EfGh5IjK6oP-_rS0';

export const ResetRequest = z
  .object({ username, email })
  .meta({ examples: [{ username: 'lev.admin', email: 'lev.admin@example.se' }] });
export type ResetRequest = z.infer<typeof ResetRequest>;
export const ResetValidateRequest = z
  .object({ email, token })
  .meta({ examples: [{ email: 'lev.admin@example.se', token: exampleResetToken }] });
export type ResetValidateRequest = z.infer<typeof ResetValidateRequest>;
export const ResetChangeRequest = z.object({ email, token, newPassword: password }).meta({
  examples: [{ email: 'lev.admin@example.se', token: exampleResetToken, newPassword: 'Nytt-Losen-2026' }],
});
export type ResetChangeRequest = z.infer<typeof ResetChangeRequest>;
/** What each of the three reset calls answers when it succeeds: an empty object. */
export const ResetResponse = z.object({});
export type ResetResponse = z.infer<typeof ResetResponse>;

export const Organization = z
  .object({ organizationName: z.string() })
  .meta({ examples: [{ organizationName: 'Hjälpmedel Demo AB' }] });
export type Organization = z.infer<typeof Organization>;
