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

/** A number to show in logs or to an operator: never the whole of it (D24: patients' phones are never logged). */
export function maskPhone(e164: string): string {
  return e164.length > 6 ? `${e164.slice(0, 4)}…${e164.slice(-2)}` : '…';
}

/** How a patient wants texts about their appointments (D24): SMS by default, WhatsApp only by opting in, or none. */
export const textChannels = ['sms', 'whatsapp', 'none'] as const;
export const textPreferencesSchema = z.object({
  textChannel: z.enum(textChannels, { errorMap: () => ({ message: 'Choose SMS, WhatsApp or no texts' }) }),
});
export const textPreferencesAnswer = textPreferencesSchema.extend({
  /** When the patient opted into WhatsApp (ISO time), or null. */
  whatsappOptedInAt: z.string().nullable(),
  /** The number texts go to (their latest booking's, E.164), and whether it replied STOP. */
  phone: z.string().nullable(),
  optedOut: z.boolean(),
});
