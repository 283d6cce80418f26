import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingHospital, IconEdit, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { formatNaira, institutionTypeLabel, languageName, licenceNumberOfRecord, professionalTypeLabels, type Professional } from '@ilera/contracts';
import { useProfessional } from '../api/get-professional';
import { professionalName } from '../api/types';
import { CountriesDialog, WhenOpened } from '../components/ProfileDialogs';
import { SectionCard } from '../components/ProfileParts';
import { ProviderProfilePage, type ProfileView, type ViewContext } from '../components/ProviderProfile';
import { CareReportActions } from '../../care-reports/components/CareReportActions';
import { DirectionsLinks } from '../components/RegisterListingParts';
import { CareSections } from '../../care/components/CareSections';
import { Name, NameList } from '../../../i18n/names';

/** One list item per entered line (education, certifications). */
function LineList({ lines }: { lines: string[] }) {
  return (
    <Stack gap={4} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
      {lines.map((line, i) => (
        <Text component="li" key={i}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

const linesOf = (text: string | null) => (text ?? '').split('\n').map((l) => l.trim()).filter(Boolean);

function view(p: Professional, { i18n, isOwner, dialog, open, close }: ViewContext): ProfileView {
  const years = p.yearsOfExperience;
  const name = professionalName(p);
  const educationLines = linesOf(p.education);
  const certificationLines = linesOf(p.certifications);
  return {
    name,
    photo: p.profileImageUrl || p.user.profileImageUrl,
    avatar: { radius: 112, placeholder: (p.user.firstName ?? name).charAt(0) },
    subtitle: (
      <>
        <Name value={p.specialty} /> · <Name value={professionalTypeLabels[p.professionalType]} />
      </>
    ),
    headerExtra: (
      <Group gap={6} wrap="wrap" aria-label={i18n._(msg`Countries of practice`)}>
        <IconWorld size={16} aria-hidden />
        {p.countries.map((c) => (
          <Badge key={c} variant="outline" color="gray" size="sm" tt="none">
            {/* Issue 50: a country's name from the names table (CLDR's, docs/glossary/directory-names.csv). */}
            <Name value={c} />
          </Badge>
        ))}
        {isOwner && (
          <ActionIcon variant="subtle" size="sm" aria-label={i18n._(msg`Edit Countries`)} onClick={() => open('countries')}>
            <IconEdit size={14} />
          </ActionIcon>
        )}
      </Group>
    ),
    about: { text: p.bio, empty: i18n._(msg`No bio available.`) },
    sections: (
      <>
        {/* Issue 45: hours, services, health plans and fees, before the rest. */}
        <CareSections care={p.care} withServices />
        <SectionCard title={i18n._(msg`Education & Training`)} id="education-heading">
          {educationLines.length ? <LineList lines={educationLines} /> : <Text c="dimmed">{i18n._(msg`No education information available.`)}</Text>}
        </SectionCard>
        {certificationLines.length > 0 && (
          <SectionCard title={i18n._(msg`Certifications`)} id="certifications-heading">
            <LineList lines={certificationLines} />
          </SectionCard>
        )}
        <SectionCard title={i18n._(msg`Affiliated Institutions`)} id="affiliations-heading">
          {p.institutionAffiliations.length ? (
            <Stack gap="sm">
              {p.institutionAffiliations.map((a) => (
                <Group key={a.id} justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <IconBuildingHospital size={20} aria-hidden />
                    <div>
                      <Anchor component={Link} to={`/institution/${a.institution.id}`} fw={600}>
                        {a.institution.name}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        <Name value={institutionTypeLabel(a.institution.type)} />
                      </Text>
                    </div>
                  </Group>
                  {a.role && <Badge variant="light">{a.role}</Badge>}
                </Group>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">{i18n._(msg`No affiliated institutions.`)}</Text>
          )}
        </SectionCard>
        <CareReportActions kind="professional" id={p.id} name={professionalName(p)} ownerId={p.userId} listed={false} />
      </>
    ),
    ownerActions: (
      <Button variant="light" fullWidth leftSection={<IconWorld size={16} />} onClick={() => open('countries')}>
        {i18n._(msg`Update Countries`)}
      </Button>
    ),
    renewalPending: p.licenceRenewalPending,
    contact: {
      ...p,
      title: i18n._(msg`Contact`),
      email: p.contactEmail,
      directions:
        p.latitude != null && p.longitude != null ? (
          <DirectionsLinks latitude={p.latitude} longitude={p.longitude} label={name} approximate={p.locationSource === 'lga_centre'} />
        ) : undefined,
    },
    details: {
      title: i18n._(msg`Details`),
      rows: [
        [i18n._(msg`License Number`), licenceNumberOfRecord(p) ?? i18n._(msg`Not provided`)],
        [i18n._(msg`Years of Experience`), years === 1 ? i18n._(msg`1 year`) : i18n._(msg`${years} years`)],
        [i18n._(msg`Specialty`), <Name value={p.specialty} />],
        [i18n._(msg`Consultation Fee`), p.consultationFee != null ? formatNaira(p.consultationFee) : null],
        // Issue 50: the languages they consult in, named in the page's language; English as the profile's text says them.
        [i18n._(msg`Languages`), i18n.locale !== 'en' && p.languageCodes.length ? <NameList values={p.languageCodes.map(languageName)} /> : p.languages],
        [i18n._(msg`Countries`), p.countries.length ? <NameList values={p.countries} /> : ''],
      ],
    },
    ownerDialogs: (
      <WhenOpened opened={dialog === 'countries'}>
        <CountriesDialog opened={dialog === 'countries'} onClose={close} current={p.countries} licences={p.countryLicenses} professionalType={p.professionalType} />
      </WhenOpened>
    ),
  };
}

/** /professional/{id} (spec §2 Professional profile). */
export default function ProfessionalProfilePage() {
  return <ProviderProfilePage kind="professional" useProfile={useProfessional} view={view} />;
}
