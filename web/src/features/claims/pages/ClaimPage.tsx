import { useState } from 'react';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { institutionTypeLabel, nigerianIssuer, REGISTER_SOURCE, registerSourceLine, type Institution } from '@ilera/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { DashboardMessages } from '../../../i18n/dashboard-messages';
import { dateIn } from '../../../i18n/dates';
import { Name } from '../../../i18n/names';
import { useLocale } from '../../../i18n/use-locale';
import { useClaimSaid } from '../said';
import { LicenceFields, emptyLicence, licenceInput, type LicenceDraft } from '../../../components/LicenceFields';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../auth/api/use-auth';
import { signInPath } from '../../auth/api/return-path';
import { serverFieldErrors } from '../../profiles/components/form-validation';
import { useInstitution } from '../../profiles/api/get-institution';
import { ProfileNotFound } from '../../profiles/components/ProfileNotFound';
import { PageLoader } from '../../../components/PageLoader';
import { useCreateClaim } from '../api/create-claim';
import { useMyClaims } from '../api/get-my-claims';

/** The register's source line: English as contracts say it; another language with the date in numbers (src/i18n/dates.ts). */
function SourceLine({ updatedOn }: { updatedOn: string | null | undefined }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (locale === 'en') return registerSourceLine(updatedOn);
  const source = REGISTER_SOURCE;
  if (!updatedOn) return t`Source: ${source}`;
  const date = dateIn(locale, `${updatedOn}T12:00:00+01:00`);
  return t`Source: ${source}, updated ${date}`;
}

function ListingSummary({ listing }: { listing: Institution }) {
  return (
    <Stack gap={2}>
      <Title order={1} size="h2">
        <Trans>Claim this facility</Trans>
      </Title>
      <Anchor component={Link} to={`/institution/${listing.id}`} fw={600} size="lg">
        {listing.name}
      </Anchor>
      <Text c="dimmed">
        <Name value={institutionTypeLabel(listing.type)} />
        {[listing.lga, listing.state]
          .filter(Boolean)
          .map((part) => ` · ${part}`)
          .join('')}
      </Text>
      <Text size="sm" c="dimmed">
        <SourceLine updatedOn={listing.register?.updatedOn} />
      </Text>
    </Stack>
  );
}

function ClaimUnderReview() {
  const { t } = useLingui();
  return (
    <Alert color="teal" title={t`Your claim is being reviewed`} role="status">
      <Trans>
        An Ilera administrator will check your registration with its issuing body. You will be told by e-mail; once approved, this listing becomes
        your institution’s profile.
      </Trans>
    </Alert>
  );
}

/** The claim form: the institution's Nigerian registration (number, issuing body, expiry) and a note for the administrator. */
function ClaimForm({ listing }: { listing: Institution }) {
  const [draft, setDraft] = useState<LicenceDraft>(emptyLicence('Nigeria'));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateClaim();
  const { t } = useLingui();
  const said = useClaimSaid();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The issuing body shown is the type's usual one until another is chosen: send what is shown.
    const registration = { ...licenceInput(draft), council: nigerianIssuer('institution', listing.type, draft.council) };
    create.mutate(
      { institutionId: listing.id, registration, message },
      {
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^registration\./, ''), said(v)])) : {});
        },
      },
    );
  };
  if (create.isSuccess) return <ClaimUnderReview />;
  return (
    <form onSubmit={submit} noValidate aria-label={t`Claim this facility`}>
      <Stack gap="md">
        <Text size="sm">
          <Trans>Give your facility’s registration: an administrator checks it before the listing becomes your profile.</Trans>
        </Text>
        <LicenceFields kind="institution" providerType={listing.type} value={draft} onChange={setDraft} error={(f) => errors[f]} required />
        <Textarea
          label={t`Message for the administrator (optional)`}
          description={t`Your role at the facility, or anything that helps us check the claim.`}
          autosize
          minRows={2}
          maxLength={1000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
        />
        {create.isError && !serverFieldErrors(create.error) && (
          <Text c="red" role="alert">
            {said(errorMessage(create.error, t`The claim could not be sent. Please try again.`))}
          </Text>
        )}
        <Button type="submit" loading={create.isPending}>
          <Trans>Send Claim</Trans>
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /claim/{id} (issue 33, D22): an institution account claims an unclaimed listing from the national register.
 * Its words are in dashboard.po (issue 50): drawn under DashboardMessages.
 */
export default function ClaimPage() {
  return (
    <DashboardMessages>
      <ClaimPageBody />
    </DashboardMessages>
  );
}

function ClaimPageBody() {
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
    body = (
      <Text>
        <Trans>This facility has already been claimed: its profile is managed by the facility.</Trans>
      </Text>
    );
  } else if (!isAuthenticated) {
    body = (
      <Stack gap="sm">
        <Text>
          <Trans>Sign in with your institution account to claim this facility.</Trans>
        </Text>
        <Button component={Link} to={signInPath(`/claim/${l.id}`)}>
          <Trans>Sign In</Trans>
        </Button>
        <Text size="sm">
          <Trans>
            New to Ilera?{' '}
            <Anchor component={Link} to={`/register?type=institution&next=${encodeURIComponent(`/claim/${l.id}`)}`}>
              Register your institution
            </Anchor>
            : once you have signed in, you come back here to claim it.
          </Trans>
        </Text>
      </Stack>
    );
  } else if (!isInstitution) {
    body = (
      <Text>
        <Trans>Only institution accounts can claim a facility. Sign in with your facility’s institution account.</Trans>
      </Text>
    );
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
