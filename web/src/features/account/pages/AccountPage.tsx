import { useState, type ReactNode } from 'react';
import { Button, Container, Group, Modal, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { updateAccountSchema, type UpdateAccountInput } from '@ilera/contracts';
import { PageHeading } from '../../../components/PageHeading';
import { PageLoader } from '../../../components/PageLoader';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/forms';
import { currentUserQueryOptions, useAuth } from '../../auth/api/use-auth';
import { handleUnauthorized, serverFieldErrors } from '../../auth/api/server-errors';
import { saidErrors } from '../../../i18n/said';
import { SignInRequired } from '../../auth/components/SignInRequired';
import { useDeleteAccount } from '../api/delete-account';
import { ACCOUNT_EXPORT_URL } from '../api/export-account';
import { useAccount, type Account } from '../api/get-account';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { useUpdateAccount } from '../api/update-account';
import TextPreferencesForm from '../components/TextPreferencesForm';
import UssdPinForm from '../components/UssdPinForm';
import { MyPlanForm } from '../../care/components/MyPlanForm';
import { LanguageForm } from '../components/LanguageForm';
import { useAccountSaid } from '../said';

/** /account: "Account settings" for every role (issue 14; PRODUCT.md D21). */
export default function AccountPage() {
  const { isLoading, isAuthenticated } = useAuth();
  const account = useAccount(isAuthenticated);
  if (isLoading || (isAuthenticated && account.isLoading)) return <PageLoader />;
  if (!isAuthenticated) return <SignInRequired to="account" />;
  if (!account.data) {
    return (
      <Container size={640} py="xl">
        <Text c="red">
          <Trans>Could not load your account. Please try again.</Trans>
        </Text>
      </Container>
    );
  }
  // Keyed by the phone: Text messages may change it, and Your details must not keep the old one.
  return <AccountSettings key={account.data.phone ?? ''} account={account.data} />;
}

/** A titled section; with `text`, the sentence above its action. */
function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz={18} mb="sm">
        {title}
      </Title>
      {text === undefined ? (
        children
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          {children}
        </Stack>
      )}
    </Paper>
  );
}

/** Issue 50: the section's title in the page's language (as every section's: account.po). */
function LanguageSection({ account }: { account: Account }) {
  const { t } = useLingui();
  return (
    <Section title={t`Language`}>
      <LanguageForm account={account} />
    </Section>
  );
}

/** After the session ends here: forget every cached answer, then go to `to`. */
function useLeave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (to: string) => {
    queryClient.clear();
    queryClient.setQueryData(currentUserQueryOptions().queryKey, null);
    navigate(to, { replace: true });
  };
}

function AccountSettings({ account }: { account: Account }) {
  const { t } = useLingui();
  const said = useAccountSaid();
  const update = useUpdateAccount();
  const signOutAll = useSignOutEverywhere();
  const remove = useDeleteAccount();
  const leave = useLeave();
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const form = useZodForm<UpdateAccountInput>(updateAccountSchema, {
    firstName: account.firstName ?? '',
    lastName: account.lastName ?? '',
    phone: account.phone ?? '',
  });

  const save = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: t`Account Updated`, description: t`Your name and phone number have been saved.` }),
      // As formFailure does (spec §8), with the API's messages in the page's language.
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(saidErrors(said, fields));
        toast({ title: t`Update Failed`, description: said(errorMessage(error, 'Could not save your details. Please try again.')), variant: 'destructive' });
      },
    }),
  );

  const signOutEverywhere = () =>
    signOutAll.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t`Signed Out Everywhere`, description: t`Every session of your account has ended. Sign in again to continue.` });
        leave('/login');
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        toast({ title: t`Sign Out Failed`, description: said(errorMessage(error, 'Please try again.')), variant: 'destructive' });
      },
    });

  const deleteAccount = () =>
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          toast({ title: t`Account Deleted`, description: t`Your account and its data have been deleted.` });
          leave('/');
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return handleUnauthorized();
          const message = serverFieldErrors(error)?.password ?? errorMessage(error, 'Could not delete your account. Please try again.');
          setPasswordError(said(message) ?? message);
        },
      },
    );

  return (
    <Container size={640} py="xl">
      <Stack gap="md">
        <PageHeading title={t`Account settings`} fz={26}>
          <Trans>Signed in as {account.email}</Trans>
        </PageHeading>

        <Section title={t`Your details`}>
          <form onSubmit={save} noValidate>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t`First Name`} autoComplete="given-name" required {...form.getInputProps('firstName')} error={said(form.errors.firstName as string | undefined)} />
                <TextInput label={t`Last Name`} autoComplete="family-name" required {...form.getInputProps('lastName')} error={said(form.errors.lastName as string | undefined)} />
              </SimpleGrid>
              <TextInput label={t`Phone`} type="tel" autoComplete="tel" placeholder="0803 123 4567" required {...form.getInputProps('phone')} error={said(form.errors.phone as string | undefined)} />
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending}>
                  <Trans>Save Changes</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        </Section>

        <LanguageSection account={account} />

        <Section title={t`My plan`}>
          <MyPlanForm account={account} />
        </Section>

        <Section title={t`Text messages`}>
          <TextPreferencesForm accountPhone={account.phone} />
        </Section>

        <Section title={t`USSD PIN`}>
          <UssdPinForm />
        </Section>

        <Section title={t`Password and sessions`}>
          <Stack gap="sm" align="flex-start">
            <Button component={Link} to="/change-password" variant="light">
              <Trans>Change Password</Trans>
            </Button>
            <Text size="sm" c="dimmed">
              <Trans>Lost a phone, or signed in on a shared computer? End every session of your account, this one included.</Trans>
            </Text>
            <Button variant="default" onClick={signOutEverywhere} loading={signOutAll.isPending}>
              <Trans>Sign Out Everywhere</Trans>
            </Button>
          </Stack>
        </Section>

        <Section title={t`Your data`} text={t`A JSON file of everything Ilera holds about you: your account, profile, appointments and reviews.`}>
          <Button component="a" href={ACCOUNT_EXPORT_URL} download="ilera-my-data.json" variant="light">
            <Trans>Download My Data</Trans>
          </Button>
        </Section>

        <Section
          title={t`Delete account`}
          text={t`Your upcoming appointments are cancelled and their providers told. Reviews you wrote stay, shown as "Former patient". This cannot be undone.`}
        >
          <Button color="red" variant="light" onClick={() => setDeleting(true)}>
            <Trans>Delete My Account</Trans>
          </Button>
        </Section>
      </Stack>

      <Modal opened={deleting} onClose={() => setDeleting(false)} title={t`Delete your account?`} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!password) return setPasswordError(t`Enter your password to delete your account`);
            deleteAccount();
          }}
          noValidate
        >
          <Stack>
            <Text size="sm">
              <Trans>Enter your password to confirm. Your account cannot be recovered afterwards.</Trans>
            </Text>
            <PasswordInput
              label={t`Password`}
              autoComplete="current-password"
              value={password}
              error={passwordError}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setPasswordError(null);
              }}
              visibilityToggleButtonProps={{ 'aria-label': t`Show or hide password` }}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(false)}>
                <Trans>Keep My Account</Trans>
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                <Trans>Delete Account</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Container>
  );
}
