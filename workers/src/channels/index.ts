import type { Config } from '@ilera/db';
import { createAfricasTalkingSender } from './africastalking';
import { createFileTextSender } from './files';
import { createWhatsAppSender } from './whatsapp';
import type { TextChannel, TextSender } from './types';

export * from './types';

/** The sender of each text channel that is on (config.texts, from SMS_CHANNEL and WHATSAPP_CHANNEL). */
export function createTextSenders(config: Config): Partial<Record<TextChannel, TextSender>> {
  const { sms, whatsapp } = config.texts;
  const senders: Partial<Record<TextChannel, TextSender>> = {};
  if (sms.channel === 'africastalking') senders.sms = createAfricasTalkingSender(sms);
  else if (sms.channel === 'files') senders.sms = createFileTextSender(config.dataDir, 'sms');
  if (whatsapp.channel === 'cloud-api') senders.whatsapp = createWhatsAppSender(whatsapp);
  else if (whatsapp.channel === 'files') senders.whatsapp = createFileTextSender(config.dataDir, 'whatsapp');
  return senders;
}
