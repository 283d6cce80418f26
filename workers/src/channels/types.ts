// A notification channel beside mail (issue 36, decision 034): SMS and WhatsApp texts.

export type TextChannel = 'sms' | 'whatsapp';

/** One text to one number. `template` is what WhatsApp needs for a message a business starts. */
export interface TextMessage {
  /** E.164, e.g. +2348031234567. */
  to: string;
  body: string;
  channel: TextChannel;
  /**
   * An approved WhatsApp template and its body parameters, in order; SMS ignores it. `language` is
   * WhatsApp's code of the template's translation (decision 049: one approved template per name and
   * language); none for English, the sender's WHATSAPP_TEMPLATE_LANGUAGE.
   */
  template?: { name: string; params: string[]; language?: string };
}

export interface SentText {
  /** The provider's id for the message (delivery reports name it). */
  providerMessageId?: string;
  /** As the provider reports it, e.g. 'NGN 2.2000'. */
  cost?: string;
  /** The development channel's file. */
  file?: string;
}

/** Sends one text; `key` is the job id, stable across retries. Throws to be retried. */
export type TextSender = (message: TextMessage, key: string) => Promise<SentText>;

/**
 * The provider refused this message for good (an invalid number, a blacklisted one, a
 * template that does not exist): retrying cannot help, so the job is not retried.
 */
export class PermanentTextError extends Error {
  override name = 'PermanentTextError';
}

/** A provider's error text fit for logs and the failed list: a phone number it quotes becomes '<number>'. */
export function withoutNumbers(message: string): string {
  return message.replace(/\+?\d[\d\s().-]{6,}\d/g, '<number>');
}
