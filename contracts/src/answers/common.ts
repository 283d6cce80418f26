// Answer schemas: the shape of every JSON answer of the API. The API declares them
// on its routes (Fastify serialises with them, so an answer carries only these
// fields); the web app and the workers use the inferred types. Dates travel as
// ISO strings: `instant` takes the Date a query returns and gives its string.
import { z } from 'zod';
import { profileStatuses, userTypes } from '../lists.js';

/** A moment in time: a Date on the server, its ISO string in the answer. */
export const instant = z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.string().datetime({ offset: true }));

export const profileStatusSchema = z.enum(profileStatuses);

/** Every error answer: the first problem as `message`, each bad field's message under `fields`. */
export const errorAnswer = z.object({
  message: z.string(),
  fields: z.record(z.string()).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

/** `{ success: true, message }`: sign-out, password changes, deletions. */
export const messageAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** A signed-in user as the API shows it: never the session version or anything secret. */
export const publicUserAnswer = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  userType: z.enum(userTypes),
});
export type PublicUser = z.infer<typeof publicUserAnswer>;

/** A person's name as lists show it next to a profile or an appointment. */
export const personName = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
