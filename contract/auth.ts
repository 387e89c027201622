import { z } from 'zod';

export const Permission = z.object({ name: z.string() });
export const Role = z.object({ name: z.string(), permissions: z.array(Permission) });
export type Role = z.infer<typeof Role>;
export const UserEngagement = z.object({ organizationId: z.number().int(), roles: z.array(Role) });
export type UserEngagement = z.infer<typeof UserEngagement>;

/** The profile of specification §3; `POST login` answers with the same shape. */
export const Profile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  previousLoginFound: z.boolean(),
  userEngagements: z.array(UserEngagement),
});
export type Profile = z.infer<typeof Profile>;

export const LoginRequest = z.object({ username: z.string(), password: z.string() });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionPing = z.object({ hasSession: z.boolean(), secondsUntilExpire: z.number().int() });
export type SessionPing = z.infer<typeof SessionPing>;

export const ResetRequest = z.object({ username: z.string(), email: z.string() });
export const ResetValidateRequest = z.object({ email: z.string(), token: z.string() });
export const ResetChangeRequest = z.object({ email: z.string(), token: z.string(), newPassword: z.string() });

export const Organization = z.object({ organizationName: z.string() });
export type Organization = z.infer<typeof Organization>;
