// Phone numbers for messaging (issue 36, D24): the E.164 form (+2348031234567) that SMS
// and WhatsApp providers take, kept beside what the person typed (PRODUCT.md: keep what
// was typed). libphonenumber-js's 'min' metadata knows every country's numbering plan,
// so 0803..., 234803..., +234 803... and 00234 803... all read as the same Nigerian mobile.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * The E.164 form of a phone number written the Nigerian way, or null when it is not a
 * possible number. A number without a country code is read as Nigerian; '234...' without
 * the plus (how many people copy it) is read with it.
 */
export function toE164(phone: string | null | undefined): string | null {
  const typed = (phone ?? '').trim();
  if (!typed) return null;
  const digits = typed.replace(/[^\d+]/g, '');
  const international = digits.startsWith('+') ? digits : digits.startsWith('00') ? `+${digits.slice(2)}` : digits.startsWith('234') && digits.length >= 13 ? `+${digits}` : null;
  const parsed = international ? parsePhoneNumberFromString(international) : parsePhoneNumberFromString(typed, 'NG');
  return parsed && parsed.isValid() ? parsed.number : null;
}

/**
 * A number a text can reach, in E.164, or null: a Nigerian number must be a mobile (070, 080,
 * 081, 090, 091 and 10 digits after the 0; libphonenumber's 'min' metadata accepts landline
 * lengths up to 14 digits), another country's any possible number.
 */
export function toTextableE164(phone: string | null | undefined): string | null {
  const e164 = toE164(phone);
  if (!e164) return null;
  return !e164.startsWith('+234') || /^\+234[789][01]\d{8}$/.test(e164) ? e164 : null;
}

/** A number to show in logs or to an operator: never the whole of it (D24: patients' phones are never logged). */
export function maskPhone(e164: string): string {
  return e164.length > 6 ? `${e164.slice(0, 4)}…${e164.slice(-2)}` : '…';
}

/** How a patient wants texts about their appointments (D24): SMS by default, WhatsApp only by opting in, or none. */
export const textChannels = ['sms', 'whatsapp', 'none'] as const;
export const MOBILE_NUMBER_MESSAGE = 'Enter a mobile number we can text, e.g. 0803 123 4567';
export const textPreferencesSchema = z.object({
  textChannel: z.enum(textChannels, { errorMap: () => ({ message: 'Choose SMS, WhatsApp or no texts' }) }),
  /**
   * The mobile number for texts (Account settings): the account's phone, kept as typed, which
   * fills the booking form; refused unless it reads as a number a provider can text.
   */
  mobile: z
    .string({ message: MOBILE_NUMBER_MESSAGE })
    .max(40, { message: MOBILE_NUMBER_MESSAGE })
    .refine((v) => toTextableE164(v) !== null, { message: MOBILE_NUMBER_MESSAGE })
    .optional(),
});
export type TextPreferencesInput = z.infer<typeof textPreferencesSchema>;
export const textPreferencesAnswer = textPreferencesSchema.extend({
  /** The account's phone as typed (where the next booking's texts go, unless changed on the form). */
  mobile: z.string().nullable(),
  /** When the patient opted into WhatsApp (ISO time), or null. */
  whatsappOptedInAt: z.string().nullable(),
  /** The number texts go to (their latest booking's, E.164), and whether it replied STOP. */
  phone: z.string().nullable(),
  optedOut: z.boolean(),
});
export type TextPreferences = z.infer<typeof textPreferencesAnswer>;

/** GET /api/admin/texts: the texts of the last `days` days, per channel (issue 36: admins see totals, never bodies). */
export const textTotalsQuery = z.object({
  days: z.coerce.number({ message: 'days must be a whole number from 1 to 365' }).int({ message: 'days must be a whole number from 1 to 365' }).min(1, { message: 'days must be a whole number from 1 to 365' }).max(365, { message: 'days must be a whole number from 1 to 365' }).default(30),
});
export const textTotalsAnswer = z.object({
  since: z.string(),
  channels: z.array(
    z.object({
      channel: z.enum(['sms', 'whatsapp']),
      /** Texts tried, and as far as each got: handed over (sent), refused for good (failed), not sent (skipped). */
      total: z.number(),
      sent: z.number(),
      failed: z.number(),
      /** What the providers' delivery reports said of the sent ones. */
      delivered: z.number(),
      read: z.number(),
      undelivered: z.number(),
      /** The providers' reported cost, summed per currency, e.g. { NGN: '8.8000' }. */
      cost: z.record(z.string()),
    }),
  ),
});
export type TextTotals = z.infer<typeof textTotalsAnswer>;
