import { useState } from 'react';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { CLAIM_THIS_FACILITY, institutionTypeLabel, nigerianIssuer, registerSourceLine, type Institution } from '@ilera/contracts';
import { LicenceFields, emptyLicence, licenceInput, type LicenceDraft } from '../../../components/LicenceFields';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../auth/api/use-auth';
import { signInPath } from '../../auth/api/return-path';
import { serverFieldErrors } from '../../profiles/components/form-validation';
import { useInstitution } from '../../profiles/api/get-institution';
import { ProfileNotFound } from '../../profiles/components/ProfileNotFound';
import { PageLoader } from '../../../components/PageLoader';
import { DashboardMessages } from '../../../i18n/dashboard-messages';
import { useCreateClaim } from '../api/create-claim';
import { useMyClaims } from '../api/get-my-claims';

function ListingSummary({ listing }: { listing: Institution }) {
  return (
    <Stack gap={2}>
      <Title order={1} size="h2">
        {CLAIM_THIS_FACILITY}
      </Title>
      <Anchor component={Link} to={`/institution/${listing.id}`} fw={600} size="lg">
        {listing.name}
      </Anchor>
      <Text c="dimmed">{[institutionTypeLabel(listing.type), listing.lga, listing.state].filter(Boolean).join(' · ')}</Text>
      <Text size="sm" c="dimmed">
        {registerSourceLine(listing.register?.updatedOn)}
      </Text>
    </Stack>
  );
}

function ClaimUnderReview() {
  return (
    <Alert color="teal" title="Your claim is being reviewed" role="status">
      An Ilera administrator will check your registration with its issuing body. You will be told by e-mail; once approved, this listing becomes
      your institution’s profile.
    </Alert>
  );
}

/** The claim form: the institution's Nigerian registration (number, issuing body, expiry) and a note for the administrator. */
function ClaimForm({ listing }: { listing: Institution }) {
  const [draft, setDraft] = useState<LicenceDraft>(emptyLicence('Nigeria'));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateClaim();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The issuing body shown is the type's usual one until another is chosen: send what is shown.
    const registration = { ...licenceInput(draft), council: nigerianIssuer('institution', listing.type, draft.council) };
    create.mutate(
      { institutionId: listing.id, registration, message },
      {
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^registration\./, ''), v])) : {});
        },
      },
    );
  };
  if (create.isSuccess) return <ClaimUnderReview />;
  return (
    <form onSubmit={submit} noValidate aria-label="Claim this facility">
      <Stack gap="md">
        <Text size="sm">Give your facility’s registration: an administrator checks it before the listing becomes your profile.</Text>
        {/* Issue 50: the licence fields' words are in dashboard.po (and register.po): drawn under their catalog's wrapper. */}
        <DashboardMessages>
          <LicenceFields kind="institution" providerType={listing.type} value={draft} onChange={setDraft} error={(f) => errors[f]} required />
        </DashboardMessages>
        <Textarea
          label="Message for the administrator (optional)"
          description="Your role at the facility, or anything that helps us check the claim."
          autosize
          minRows={2}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
        />
        {create.isError && !serverFieldErrors(create.error) && (
          <Text c="red" role="alert">
            {errorMessage(create.error, 'The claim could not be sent. Please try again.')}
          </Text>
        )}
        <Button type="submit" loading={create.isPending}>
          Send Claim
        </Button>
      </Stack>
    </form>
  );
}

/** /claim/{id} (issue 33, D22): an institution account claims an unclaimed listing from the national register. */
export default function ClaimPage() {
  const { id = '' } = useParams();
  const { user, isAuthenticated, isLoading } = useAuth();
  const listing = useInstitution(id);
  const isInstitution = user?.userType === 'institution';
  const claims = useMyClaims(isInstitution);
  if (!/^\d+$/.test(id)) return <ProfileNotFound kind="institution" />;
  if (listing.isLoading || isLoading) return <PageLoader />;
  if (!listing.data) return <ProfileNotFound kind="institution" error={listing.error} />;
  const l = listing.data;
  const open = claims.data?.find((c) => c.institutionId === l.id && c.status === 'pending');

  let body;
  if (!l.listed) {
    body = <Text>This facility has already been claimed: its profile is managed by the facility.</Text>;
  } else if (!isAuthenticated) {
    body = (
      <Stack gap="sm">
        <Text>Sign in with your institution account to claim this facility.</Text>
        <Button component={Link} to={signInPath(`/claim/${l.id}`)}>
          Sign In
        </Button>
        <Text size="sm">
          New to Ilera?{' '}
          <Anchor component={Link} to={`/register?type=institution&next=${encodeURIComponent(`/claim/${l.id}`)}`}>
            Register your institution
          </Anchor>
          : once you have signed in, you come back here to claim it.
        </Text>
      </Stack>
    );
  } else if (!isInstitution) {
    body = <Text>Only institution accounts can claim a facility. Sign in with your facility’s institution account.</Text>;
  } else if (open) {
    body = <ClaimUnderReview />;
  } else {
    body = <ClaimForm listing={l} />;
  }
  return (
    <Container size={640} py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <ListingSummary listing={l} />
          {body}
        </Stack>
      </Paper>
    </Container>
  );
}
