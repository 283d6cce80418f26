import { Fragment, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Center, Container, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingHospital, IconInfoCircle, IconStethoscope } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { loginEndpoint } from '../../auth/api/return-path';
import { toast } from '../../../lib/toast';
import { useAuth, type User } from '../../auth/api/use-auth';
import { useMyInstitution } from '../api/get-my-institution';
import { useMyProfessional } from '../api/get-my-professional';
import { useSaveInstitution } from '../api/save-institution';
import { useSaveProfessional } from '../api/save-professional';
import { InstitutionForm } from '../components/InstitutionForm';
import { ProfessionalForm } from '../components/ProfessionalForm';
import { ProfileStatusBadge } from '../components/ProfileStatusBadge';
import type { ProfileFormProps } from '../components/ProfileFormFrame';
import { IconTabList } from '../../../components/IconTabList';
import CareFactsCard from '../../care/components/CareFactsCard';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DashboardMessages } from '../../../i18n/dashboard-messages';
import { profileStatusMessages } from '../../dashboard/status-labels';

type Tab = 'professional' | 'institution';

/** /profile-setup (spec §2 Profile setup): create or edit the signed-in user's profile. */
export default function ProfileSetupPage() {
  return (
    <DashboardMessages>
      <ProfileSetupOrSignIn />
    </DashboardMessages>
  );
}

/** In the page's language (issue 50: dashboard.po). */
function ProfileSetupOrSignIn() {
  const { user, isLoading } = useAuth();
  const { t } = useLingui();
  if (isLoading) {
    return (
      <Center py={80}>
        <Loader aria-label={t`Loading`} />
      </Center>
    );
  }
  if (!user) return <PleaseSignIn />;
  return <ProfileSetup user={user} />;
}

function PleaseSignIn() {
  return (
    <Container size="sm" py={60}>
      <Card withBorder radius="md" padding="xl" ta="center">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            <Trans>Please Sign In</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>You need to be signed in to set up your profile.</Trans>
          </Text>
          <Button component="a" href={loginEndpoint('/profile-setup')}>
            <Trans>Sign In</Trans>
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}

/** Which profile kind the account may own: a patient may set up either (and becomes that kind). */
function mayOwn(user: User, tab: Tab): boolean {
  return user.userType === 'patient' || user.userType === tab;
}

function ProfileSetup({ user }: { user: User }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>(user.userType === 'institution' ? 'institution' : 'professional');
  const professional = useMyProfessional(user.id, mayOwn(user, 'professional'));
  const institution = useMyInstitution(user.id, mayOwn(user, 'institution'));
  const saveProfessional = useSaveProfessional(professional.data?.id);
  const saveInstitution = useSaveInstitution(institution.data?.id);

  const existing = tab === 'professional' ? professional.data : institution.data;
  const goHome = () => navigate('/');
  const { t } = useLingui();

  return (
    <Container size="md" py="xl">
      <Stack gap="xs" mb="lg">
        <Title order={1}>{existing ? t`Edit Profile` : t`Create Profile`}</Title>
        <Text c="dimmed">
          {existing
            ? t`Keep your directory profile up to date.`
            : t`An administrator reviews every new profile before it appears in the directory.`}
        </Text>
        {existing && (
          <div>
            <ProfileStatusBadge status={existing.status} label={t(profileStatusMessages[existing.status])} />
          </div>
        )}
      </Stack>

      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <IconTabList tabs={profileTabs.map((tab) => ({ ...tab, label: t(tab.label) }))} mb="lg" />
        <ProviderPanel user={user} tab="professional" query={professional} save={saveProfessional} goHome={goHome}>
          {(props) => <ProfessionalForm {...props} />}
        </ProviderPanel>
        <ProviderPanel user={user} tab="institution" query={institution} save={saveInstitution} goHome={goHome}>
          {(props) => <InstitutionForm {...props} />}
        </ProviderPanel>
      </Tabs>
    </Container>
  );
}

const profileTabs = [
  { value: 'professional', label: msg`Professional Profile`, icon: IconStethoscope },
  { value: 'institution', label: msg`Institution Profile`, icon: IconBuildingHospital },
];

type Saved = { id: number; status: string };

/**
 * One tab: the account's own kind gets its form (after loading) saved with the spec's toasts (§2),
 * then home; a failure is said and re-thrown for the form. Another kind gets a notice.
 */
function ProviderPanel<P extends Saved, I>({
  user,
  tab,
  query,
  save,
  goHome,
  children,
}: {
  user: User;
  tab: Tab;
  query: { data?: P | null; isLoading: boolean };
  save: { mutateAsync: (values: I) => Promise<Saved>; isPending: boolean };
  goHome: () => void;
  children: (props: ProfileFormProps<P, I>) => ReactNode;
}) {
  const before = query.data;
  const { t } = useLingui();
  const failed = {
    professional: { update: t`Failed to update professional profile. Please try again.`, create: t`Failed to create professional profile. Please try again.` },
    institution: { update: t`Failed to update institution profile. Please try again.`, create: t`Failed to create institution profile. Please try again.` },
  }[tab];
  const onSubmit = async (values: I) => {
    try {
      const saved = await save.mutateAsync(values);
      toast({
        title: before ? t`Profile Updated` : t`Profile Created`,
        description: !before
          ? t`Your profile has been submitted for approval.`
          : before.status === 'approved' && saved.status === 'pending'
            ? t`Your changes were saved. Your profile is back under review by an administrator.`
            : tab === 'professional'
              ? t`Your professional profile has been updated.`
              : t`Your institution profile has been updated.`,
      });
      goHome();
    } catch (error) {
      toast({
        title: t`Error`,
        description: before ? failed.update : failed.create,
        variant: 'destructive',
      });
      throw error;
    }
  };
  let body: ReactNode;
  if (!mayOwn(user, tab)) body = <WrongAccount user={user} tab={tab} />;
  else if (query.isLoading) {
    body = (
      <Center py="xl">
        <Loader aria-label={t`Loading profile`} />
      </Center>
    );
  } else {
    body = (
      <>
        <Card withBorder radius="md" padding="lg">
          <ChangeNotice user={user} tab={tab} hasProfile={!!before} />
          {/* A new profile's form starts afresh once it is saved. */}
          <Fragment key={before?.id ?? 'new'}>
            {children({ profile: before, submitting: save.isPending, onSubmit, onCancel: goHome })}
          </Fragment>
        </Card>
        {/* Issue 45: care facts are saved apart, once the profile exists (a claimed listing's too). */}
        {before && <CareFactsCard key={before.id} kind={tab} id={before.id} />}
      </>
    );
  }
  return <Tabs.Panel value={tab}>{body}</Tabs.Panel>;
}

function ChangeNotice({ user, tab, hasProfile }: { user: User; tab: Tab; hasProfile: boolean }) {
  const { t } = useLingui();
  if (hasProfile) {
    if (tab !== 'professional') return null;
    return (
      <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light" mb="md">
        <Trans>Changing your licence number or professional type sends an approved profile back to an administrator for review.</Trans>
      </Alert>
    );
  }
  if (user.userType !== 'patient') return null;
  return (
    <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light" mb="md">
      {tab === 'professional'
        ? t`Creating this profile turns your account into a professional account.`
        : t`Creating this profile turns your account into an institution account.`}
    </Alert>
  );
}

function WrongAccount({ user, tab }: { user: User; tab: Tab }) {
  const { t } = useLingui();
  const text =
    user.userType === 'admin'
      ? t`Administrator accounts have no directory profile. Open a profile from the admin dashboard to review it.`
      : tab === 'institution'
        ? t`Institution profiles belong to institution accounts. Your account is a professional account.`
        : t`Professional profiles belong to professional accounts. Your account is an institution account.`;
  return (
    <Alert icon={<IconInfoCircle size={18} />} color="gray" variant="light">
      {text}
    </Alert>
  );
}
