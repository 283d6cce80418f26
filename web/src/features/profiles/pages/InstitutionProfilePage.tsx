import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconBuildingHospital, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { institutionTypeLabel, type Institution } from '@ilera/contracts';
import { useInstitution } from '../api/get-institution';
import { professionalName } from '../api/types';
import { SectionCard } from '../components/ProfileParts';
import { ProviderProfilePage, type ProfileView } from '../components/ProviderProfile';
import { CareReportActions } from '../../care-reports/components/CareReportActions';
import { DirectionsLinks, NotOnIlera, RegisterBanner } from '../components/RegisterListingParts';
import { CareSections, ServiceBadges, ServicesConfirmed } from '../../care/components/CareSections';

function view(inst: Institution): ProfileView {
  const typeLabel = institutionTypeLabel(inst.type);
  return {
    name: inst.name,
    photo: inst.profileImageUrl,
    avatar: { radius: 'md', placeholder: <IconBuildingHospital size={48} /> },
    subtitle: typeLabel,
    about: { text: inst.description, empty: 'No description available.' },
    sections: (
      <>
        <SectionCard title="Services Offered" id="services-heading">
          {/* Issue 45: emergency readiness first. */}
          {inst.services.length ? <ServiceBadges services={inst.services} /> : <Text c="dimmed">No services listed.</Text>}
          <ServicesConfirmed care={inst.care} />
        </SectionCard>
        <CareSections care={inst.care} withServices={false} />
        <SectionCard title="Associated Professionals" id="professionals-heading">
          {inst.professionalAffiliations.length ? (
            <Stack gap="sm">
              {inst.professionalAffiliations.map((a) => (
                <Group key={a.id} justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="sm" wrap="nowrap">
                    <IconUser size={20} aria-hidden />
                    <div>
                      <Text fw={600}>{professionalName(a.professional)}</Text>
                      <Text size="sm" c="dimmed">
                        {a.professional.specialty}
                      </Text>
                    </div>
                    {a.role && <Badge variant="light">{a.role}</Badge>}
                  </Group>
                  <Anchor component={Link} to={`/professional/${a.professional.id}`} size="sm">
                    View Profile
                  </Anchor>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">No associated professionals.</Text>
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
      title: 'Contact Information',
      directions:
        inst.latitude != null && inst.longitude != null ? (
          <DirectionsLinks latitude={inst.latitude} longitude={inst.longitude} label={inst.name} approximate={inst.locationSource === 'lga_centre'} />
        ) : undefined,
    },
    details: {
      title: 'Institution Details',
      rows: [
        ['Type', typeLabel],
        ['LGA', inst.lga],
        ['Ownership', [inst.ownership, inst.ownershipType].filter(Boolean).join(' · ')],
        ['Level', inst.facilityLevel],
        ['Services', String(inst.services.length)],
        ['Professionals', String(inst.professionalAffiliations.length)],
      ],
    },
  };
}

/** /institution/{id} (spec §2 Institution profile). */
export default function InstitutionProfilePage() {
  return <ProviderProfilePage kind="institution" useProfile={useInstitution} view={view} />;
}
