import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, IconUsers, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { institutionTypeLabel } from '@ilera/contracts';
import { Detail, NextAvailable, RatingLine, TrustBadges } from './ResultParts';

export interface InstitutionHit {
  id: string;
  name: string;
  type: string;
  typeLabel?: string;
  services?: string[];
  city?: string;
  state?: string;
  phone?: string;
  email?: string;
  website?: string;
  description?: string;
  photo?: string;
  professionalCount: number;
  rating: number;
  reviewCount: number;
  isVerified: boolean;
  isApproved: boolean;
  /** Issue 17: instant, request or directory; the next free slot (epoch seconds), absent when none. */
  bookingMode?: string;
  nextSlot?: number;
}

export const SERVICES_SHOWN = 3;

/** Spec §2 "Institution result card": the first 3 services plus '+N more', and every contact field. */
export function InstitutionResultCard({ hit }: { hit: InstitutionHit }) {
  const href = `/institution/${hit.id}`;
  const services = hit.services ?? [];
  const more = services.length - SERVICES_SHOWN;
  const place = [hit.city, hit.state].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`inst-${hit.id}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Avatar src={hit.photo} alt="" size={64} radius="md" color="cyan">
          {hit.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Title order={3} size="h4" id={`inst-${hit.id}`}>
                {hit.name}
              </Title>
              <Text size="sm" c="dimmed">
                {hit.typeLabel ?? institutionTypeLabel(hit.type)}
              </Text>
            </div>
            <TrustBadges verified={hit.isVerified} approved={hit.isApproved} />
          </Group>
          <RatingLine rating={hit.rating} count={hit.reviewCount} />
          <NextAvailable href={href} nextSlot={hit.nextSlot} bookingMode={hit.bookingMode} />
          {services.length > 0 && (
            <Group gap={6} aria-label="Services">
              {services.slice(0, SERVICES_SHOWN).map((s) => (
                <Badge key={s} variant="outline" color="gray" size="sm" tt="none">
                  {s}
                </Badge>
              ))}
              {more > 0 && (
                <Badge variant="light" color="gray" size="sm" tt="none">
                  +{more} more
                </Badge>
              )}
            </Group>
          )}
          <Stack gap={4}>
            <Detail icon={<IconMapPin size={16} />} label="Location">
              {place}
            </Detail>
            <Detail icon={<IconPhone size={16} />} label="Phone">
              {hit.phone}
            </Detail>
            <Detail icon={<IconMail size={16} />} label="E-mail">
              {hit.email}
            </Detail>
            <Detail icon={<IconWorld size={16} />} label="Website">
              {hit.website && (
                <Anchor href={hit.website} target="_blank" rel="noopener noreferrer" size="sm">
                  {hit.website.replace(/^https?:\/\//, '')}
                </Anchor>
              )}
            </Detail>
            <Detail icon={<IconUsers size={16} />} label="Professionals">
              {`${hit.professionalCount} associated ${hit.professionalCount === 1 ? 'professional' : 'professionals'}`}
            </Detail>
          </Stack>
          {hit.description && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {hit.description}
            </Text>
          )}
          <Group gap="sm" mt={4}>
            <Button component={Link} to={href} variant="light" aria-label={`View Profile of ${hit.name}`}>
              View Profile
            </Button>
            <Button component={Link} to={href} aria-label={`Book Appointment at ${hit.name}`}>
              Book Appointment
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
