import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Account } from '@ilera/contracts';
import { LOCALES, isLocale, localeNames, localePath } from '@ilera/contracts/locales';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useLocale } from '../../../i18n/use-locale';
import { handleUnauthorized, serverFieldErrors } from '../../auth/api/server-errors';
import { useUpdateAccount } from '../api/update-account';

/**
 * Account settings' "Language" (issue 50, decision 046): the language the site is shown in for this
 * account. Saved with PUT /api/account (its name and phone as they are, and `language`); the answer
 * writes the language menu's cookie, and every later sign-in writes it again, on any phone. A language
 * other than the page's opens this page in it (its messages load with the page).
 */
export function LanguageForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const pageLocale = useLocale();
  const update = useUpdateAccount();
  const [language, setLanguage] = useState(account.language ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = () =>
    update.mutate(
      { firstName: account.firstName ?? '', lastName: account.lastName ?? '', phone: account.phone ?? '', language: isLocale(language) ? language : null },
      {
        onSuccess: () => {
          if (isLocale(language) && language !== pageLocale) window.location.assign(localePath(language, '/account'));
          else toast({ title: t`Language Saved` });
        },
        onError: (e) => {
          if (isUnauthorizedError(e)) return handleUnauthorized();
          setError(serverFieldErrors(e)?.language ?? null);
          toast({ title: 'Update Failed', description: errorMessage(e, 'Could not save your language. Please try again.'), variant: 'destructive' });
        },
      },
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>Ilera shows its pages in this language whenever you sign in, on any phone or computer.</Trans>
      </Text>
      <NativeSelect
        label={t`Language`}
        value={language}
        error={error}
        onChange={(e) => {
          setLanguage(e.currentTarget.value);
          setError(null);
        }}
        data={[{ value: '', label: t`Follow my browser` }, ...LOCALES.map((l) => ({ value: l, label: localeNames[l] }))]}
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending}>
          <Trans>Save Language</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
