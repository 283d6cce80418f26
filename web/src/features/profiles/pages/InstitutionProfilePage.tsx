import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconBuildingHospital, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { institutionTypeLabel, type Institution } from '@ilera/contracts';
import { useInstitution } from '../api/get-institution';
import { professionalName } from '../api/types';
import { SectionCard } from '../components/ProfileParts';
import { ProviderProfilePage, type ProfileView, type ViewContext } from '../components/ProviderProfile';
import { CareReportActions } from '../../care-reports/components/CareReportActions';
import { DirectionsLinks, NotOnIlera, RegisterBanner } from '../components/RegisterListingParts';
import { CareSections, ServiceBadges, ServicesConfirmed } from '../../care/components/CareSections';
import { Name } from '../../../i18n/names';

function view(inst: Institution, { i18n }: ViewContext): ProfileView {
  const typeLabel = institutionTypeLabel(inst.type);
  return {
    name: inst.name,
    photo: inst.profileImageUrl,
    avatar: { radius: 'md', placeholder: <IconBuildingHospital size={48} /> },
    subtitle: <Name value={typeLabel} />,
    about: { text: inst.description, empty: i18n._(msg`No description available.`) },
    sections: (
      <>
        <SectionCard title={i18n._(msg`Services Offered`)} id="services-heading">
          {/* Issue 45: emergency readiness first. */}
          {inst.services.length ? <ServiceBadges services={inst.services} /> : <Text c="dimmed">{i18n._(msg`No services listed.`)}</Text>}
          <ServicesConfirmed care={inst.care} />
        </SectionCard>
        <CareSections care={inst.care} withServices={false} />
        <SectionCard title={i18n._(msg`Associated Professionals`)} id="professionals-heading">
          {inst.professionalAffiliations.length ? (
            <Stack gap="sm">
              {inst.professionalAffiliations.map((a) => (
                <Group key={a.id} justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="sm" wrap="nowrap">
                    <IconUser size={20} aria-hidden />
                    <div>
                      <Text fw={600}>{professionalName(a.professional)}</Text>
                      <Text size="sm" c="dimmed">
                        <Name value={a.professional.specialty} />
                      </Text>
                    </div>
                    {a.role && <Badge variant="light">{a.role}</Badge>}
                  </Group>
                  <Anchor component={Link} to={`/professional/${a.professional.id}`} size="sm">
                    {i18n._(msg`View Profile`)}
                  </Anchor>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">{i18n._(msg`No associated professionals.`)}</Text>
          )}
        </SectionCard>
        <CareReportActions kind="institution" id={inst.id} name={inst.name} ownerId={inst.userId} listed={inst.listed} />
      </>
    ),
    renewalPending: inst.licenceRenewalPending,
    // Issue 33 (D22): a register listing says where it comes from and is never bookable.
    banner: <RegisterBanner institution={inst} />,
    notBookable: inst.listed ? <NotOnIlera institution={inst} /> : undefined,
    contact: {
      ...inst,
      title: i18n._(msg`Contact Information`),
      directions:
        inst.latitude != null && inst.longitude != null ? (
          <DirectionsLinks latitude={inst.latitude} longitude={inst.longitude} label={inst.name} approximate={inst.locationSource === 'lga_centre'} />
        ) : undefined,
    },
    details: {
      title: i18n._(msg`Institution Details`),
      rows: [
        [i18n._(msg`Type`), <Name value={typeLabel} />],
        ['LGA', inst.lga],
        [i18n._(msg`Ownership`), [inst.ownership, inst.ownershipType].filter(Boolean).join(' · ')],
        [i18n._(msg`Level`), inst.facilityLevel],
        [i18n._(msg`Services`), String(inst.services.length)],
        [i18n._(msg`Professionals`), String(inst.professionalAffiliations.length)],
      ],
    },
  };
}

/** /institution/{id} (spec §2 Institution profile). */
export default function InstitutionProfilePage() {
  return <ProviderProfilePage kind="institution" useProfile={useInstitution} view={view} />;
}
