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

type Tab = 'professional' | 'institution';

/** /profile-setup (spec §2 Profile setup): create or edit the signed-in user's profile. */
export default function ProfileSetupPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading" />
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
            Please Sign In
          </Title>
          <Text c="dimmed">You need to be signed in to set up your profile.</Text>
          <Button component="a" href={loginEndpoint('/profile-setup')}>
            Sign In
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

  return (
    <Container size="md" py="xl">
      <Stack gap="xs" mb="lg">
        <Title order={1}>{existing ? 'Edit Profile' : 'Create Profile'}</Title>
        <Text c="dimmed">
          {existing
            ? 'Keep your directory profile up to date.'
            : 'An administrator reviews every new profile before it appears in the directory.'}
        </Text>
        {existing && (
          <div>
            <ProfileStatusBadge status={existing.status} />
          </div>
        )}
      </Stack>

      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <IconTabList tabs={profileTabs} mb="lg" />
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
  { value: 'professional', label: 'Professional Profile', icon: IconStethoscope },
  { value: 'institution', label: 'Institution Profile', icon: IconBuildingHospital },
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
  const onSubmit = async (values: I) => {
    try {
      const saved = await save.mutateAsync(values);
      toast({
        title: before ? 'Profile Updated' : 'Profile Created',
        description: !before
          ? 'Your profile has been submitted for approval.'
          : before.status === 'approved' && saved.status === 'pending'
            ? 'Your changes were saved. Your profile is back under review by an administrator.'
            : `Your ${tab} profile has been updated.`,
      });
      goHome();
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to ${before ? 'update' : 'create'} ${tab} profile. Please try again.`,
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
        <Loader aria-label="Loading profile" />
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
  if (hasProfile) {
    if (tab !== 'professional') return null;
    return (
      <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light" mb="md">
        Changing your licence number or professional type sends an approved profile back to an administrator for review.
      </Alert>
    );
  }
  if (user.userType !== 'patient') return null;
  return (
    <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light" mb="md">
      Creating this profile turns your account into {tab === 'professional' ? 'a professional' : 'an institution'} account.
    </Alert>
  );
}

function WrongAccount({ user, tab }: { user: User; tab: Tab }) {
  const text =
    user.userType === 'admin'
      ? 'Administrator accounts have no directory profile. Open a profile from the admin dashboard to review it.'
      : tab === 'institution'
        ? 'Institution profiles belong to institution accounts. Your account is a professional account.'
        : 'Professional profiles belong to professional accounts. Your account is an institution account.';
  return (
    <Alert icon={<IconInfoCircle size={18} />} color="gray" variant="light">
      {text}
    </Alert>
  );
}
