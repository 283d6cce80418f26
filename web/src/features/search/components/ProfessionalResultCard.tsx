import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconBuildingHospital, IconCash, IconMapPin, IconPhone, IconSchool } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatNaira, professionalTypeLabels, type ProfessionalType } from '@ilera/contracts';
import { Detail, NextAvailable, RatingLine, TrustBadges } from './ResultParts';

/** A professional as the search index holds it (search/src/documents.ts). */
export interface ProfessionalHit {
  id: string;
  name: string;
  title?: string;
  firstName?: string;
  lastName?: string;
  professionalType: string;
  specialty: string;
  city?: string;
  state?: string;
  countries?: string[];
  institution?: string;
  education?: string;
  yearsOfExperience: number;
  /** Naira; absent when not given. */
  consultationFee?: number;
  phone?: string;
  bio?: string;
  photo?: string;
  rating: number;
  reviewCount: number;
  isVerified: boolean;
  isApproved: boolean;
  /** Issue 17: instant, request or directory; the next free slot (epoch seconds), absent when none. */
  bookingMode?: string;
  nextSlot?: number;
}

const initials = (h: ProfessionalHit) =>
  ((h.firstName?.[0] ?? '') + (h.lastName?.[0] ?? '')).toUpperCase() || h.name.slice(0, 1).toUpperCase();

/** Spec §2 "Professional result card": every field, View Profile and Book Appointment. */
export function ProfessionalResultCard({ hit }: { hit: ProfessionalHit }) {
  const href = `/professional/${hit.id}`;
  const typeLabel = professionalTypeLabels[hit.professionalType as ProfessionalType] ?? hit.professionalType;
  const place = [hit.city, hit.state].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`pro-${hit.id}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Avatar src={hit.photo} alt="" size={64} radius="xl" color="teal">
          {initials(hit)}
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Title order={3} size="h4" id={`pro-${hit.id}`}>
                {hit.name}
              </Title>
              <Text size="sm" c="dimmed">
                {typeLabel} · {hit.specialty}
              </Text>
            </div>
            <TrustBadges verified={hit.isVerified} approved={hit.isApproved} />
          </Group>
          <RatingLine rating={hit.rating} count={hit.reviewCount} />
          <NextAvailable href={href} nextSlot={hit.nextSlot} bookingMode={hit.bookingMode} />
          <Stack gap={4}>
            <Detail icon={<IconBuildingHospital size={16} />} label="Institution">
              {hit.institution}
            </Detail>
            <Detail icon={<IconMapPin size={16} />} label="Location">
              {place}
            </Detail>
            <Detail icon={<IconPhone size={16} />} label="Phone">
              {hit.phone}
            </Detail>
            <Detail icon={<IconSchool size={16} />} label="Education">
              {hit.education}
            </Detail>
            <Detail icon={<IconCash size={16} />} label="Consultation fee">
              {hit.consultationFee != null ? formatNaira(hit.consultationFee) : undefined}
            </Detail>
            <Detail icon={<IconBriefcase size={16} />} label="Experience">
              {`${hit.yearsOfExperience} ${hit.yearsOfExperience === 1 ? 'year' : 'years'} of experience`}
            </Detail>
          </Stack>
          {hit.bio && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {hit.bio}
            </Text>
          )}
          <Group gap="sm" mt={4}>
            <Button component={Link} to={href} variant="light" aria-label={`View Profile of ${hit.name}`}>
              View Profile
            </Button>
            <Button component={Link} to={href} aria-label={`Book Appointment with ${hit.name}`}>
              Book Appointment
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
