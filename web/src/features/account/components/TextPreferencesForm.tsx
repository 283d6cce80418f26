import { useEffect, useState } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TextPreferencesInput } from '@ilera/contracts';
import { dateIn } from '../../../i18n/dates';
import { useLocale } from '../../../i18n/use-locale';
import { useAccountSaid } from '../said';
import { saidErrors } from '../../../i18n/said';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized, serverFieldErrors } from '../../auth/api/server-errors';
import { useTextPreferences, useUpdateTextPreferences } from '../api/text-preferences';

type Channel = TextPreferencesInput['textChannel'];

/** The choices of D24: SMS by default, WhatsApp only by an explicit opt-in, or none; e-mail always. */
const channels = [
  { value: 'sms', label: msg`SMS`, description: msg`Reaches every phone. The default.` },
  {
    value: 'whatsapp',
    label: msg`WhatsApp`,
    description: msg`I agree to get WhatsApp messages from Ilera about my appointments (SMS if WhatsApp cannot reach me).`,
  },
  { value: 'none', label: msg`No texts`, description: msg`E-mail only.` },
] as const;

/**
 * Account settings' "Text messages" (issue 36, D24): the mobile number texts go to (the
 * account's phone, which fills the booking form) and the channel for confirmations and
 * reminders. The server checks both; its messages show under the fields. Issue 50: in the page's language (account.po);
 * a STOP'd number is told the START word of the page's language (the texts' own: FARA, BERE, MALITE; START too).
 */
export default function TextPreferencesForm({ accountPhone }: { accountPhone: string | null }) {
  const { t, i18n } = useLingui();
  const said = useAccountSaid();
  const locale = useLocale();
  const preferences = useTextPreferences();
  const update = useUpdateTextPreferences();
  const [mobile, setMobile] = useState(accountPhone ?? '');
  const [channel, setChannel] = useState<Channel | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (preferences.data && channel === null) setChannel(preferences.data.textChannel);
  }, [preferences.data, channel]);

  if (preferences.isLoading)
    return (
      <Text size="sm">
        <Trans>Loading your text settings...</Trans>
      </Text>
    );
  if (!preferences.data)
    return (
      <Text size="sm" c="red">
        <Trans>Could not load your text settings. Please try again.</Trans>
      </Text>
    );
  const prefs = preferences.data;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const input: TextPreferencesInput = { textChannel: channel ?? prefs.textChannel };
    if (mobile.trim() !== (prefs.mobile ?? '')) input.mobile = mobile;
    update.mutate(input, {
      onSuccess: (answer) =>
        toast({
          title: t`Text Settings Saved`,
          description:
            answer.textChannel === 'whatsapp'
              ? t`Confirmations and reminders will come on WhatsApp.`
              : answer.textChannel === 'sms'
                ? t`Confirmations and reminders will come by SMS.`
                : t`You will get no texts; e-mails continue.`,
        }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        const fields = serverFieldErrors(error);
        if (fields) setErrors(saidErrors(said, fields));
        toast({ title: t`Update Failed`, description: said(errorMessage(error, 'Could not save your text settings. Please try again.')), variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={save} noValidate aria-label={t`Text messages`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>Confirmations and reminders of your appointments by text. E-mails always continue.</Trans>
        </Text>
        {prefs.optedOut && prefs.phone && (
          <Alert color="yellow" role="status">
            <Trans>{prefs.phone} replied STOP, so we send it no texts. Reply START to any Ilera text to get them again.</Trans>
          </Alert>
        )}
        <TextInput
          label={t`Mobile Number`}
          type="tel"
          autoComplete="tel"
          placeholder="0803 123 4567"
          description={t`Fills the booking form; each booking's texts go to the number on it.`}
          value={mobile}
          onChange={(e) => {
            setMobile(e.currentTarget.value);
            setErrors((cur) => ({ ...cur, mobile: '' }));
          }}
          error={errors.mobile || undefined}
        />
        <Radio.Group
          label={t`Send confirmations and reminders by`}
          value={channel ?? prefs.textChannel}
          onChange={(value) => {
            setChannel(value as Channel);
            setErrors((cur) => ({ ...cur, textChannel: '' }));
          }}
          error={errors.textChannel || undefined}
        >
          <Stack gap="xs" mt={6}>
            {channels.map((c) => (
              <Radio key={c.value} value={c.value} label={i18n._(c.label)} description={i18n._(c.description)} />
            ))}
          </Stack>
        </Radio.Group>
        {prefs.textChannel === 'whatsapp' && prefs.whatsappOptedInAt && (
          <Text size="xs" c="dimmed">
            <Trans>WhatsApp chosen on {dateIn(locale, prefs.whatsappOptedInAt)}.</Trans>
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save Text Settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
