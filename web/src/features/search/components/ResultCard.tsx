import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconBuildingHospital,
  IconCash,
  IconMail,
  IconMapPin,
  IconPhone,
  IconSchool,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatNaira, institutionTypeLabel, languageName, LISTED_FROM_REGISTER, REGISTER_SOURCE, type ProfessionalType } from '@ilera/contracts';
import { institutionTypeIn, professionalTypeText } from '../labels';
import { ProviderPhoto } from '../../../components/ProviderPhoto';
import { SaveProviderButton } from '../../saved/components/SaveProviderButton';
import { Detail, Distance, NextAvailable, RatingLine, TrustBadges } from './ResultParts';
import { AcceptsPlan, OpenStateLine } from '../../care/components/CareHitLines';
import { speaks } from '../../profiles/speaks';
import { Name, NameList } from '../../../i18n/names';
import { useLocale } from '../../../i18n/use-locale';
import { SearchLater } from './SearchLater';

/** What every provider in the search index carries (search/src/documents.ts). */
interface ProviderHit {
  id: string;
  name: string;
  city?: string;
  state?: string;
  phone?: string;
  photo?: string;
  rating: number;
  reviewCount: number;
  isVerified: boolean;
  isApproved: boolean;
  /** Issue 17: instant, request or directory; the next free slot (epoch seconds), absent when none. */
  bookingMode?: string;
  nextSlot?: number;
  /** Issue 33: true when the location is its LGA's centre. */
  locationApproximate?: boolean;
  /** Metres from the point of a search near the patient (Typesense's answer, passed on by the adapter). */
  geo_distance_meters?: { location?: number };
  /** Issue 45: open at the moment of the search (null or absent: hours unknown), and the next change. */
  openNow?: boolean | null;
  open24Hours?: boolean;
  opensAt?: string | number | null;
  closesAt?: string | number | null;
  /** Issue 45: the consultation fee in naira, free at the point of care, the payers (slugs) it takes. */
  consultationFeeNaira?: number | null;
  freeAtPointOfCare?: boolean;
  plans?: string[];
  /**
   * Issue 48 (D22): an unclaimed listing from the national register, with the register's date
   * ('YYYY-MM-DD'): never "Approved", never booked; View Profile and, with a phone, Call.
   */
  listed?: boolean;
  registerUpdated?: string;
}

/** The health plan the search is filtered on, for "Accepts NHIA" (issue 45). */
export interface PlanFilter {
  slug: string;
  name?: string;
}

export interface ProfessionalHit extends ProviderHit {
  title?: string;
  firstName?: string;
  lastName?: string;
  professionalType: string;
  specialty: string;
  countries?: string[];
  institution?: string;
  education?: string;
  yearsOfExperience: number;
  /** Naira; absent when not given. */
  consultationFee?: number;
  bio?: string;
  /** Issue 50: the languages they consult in (codes). */
  languages?: string[];
}

export interface InstitutionHit extends ProviderHit {
  type: string;
  typeLabel?: string;
  services?: string[];
  email?: string;
  website?: string;
  description?: string;
  professionalCount: number;
}

/** One detail line: its icon, its hidden label and its value (nothing shown when the value is missing). */
type DetailRow = [Icon, string, ReactNode];

interface ProviderResultCardProps {
  hit: ProviderHit;
  /** The profile's path ('/professional/' or '/institution/') and the heading id's prefix. */
  path: string;
  idPrefix: string;
  initials: string;
  avatar: { radius: string; color: string };
  subtitle: ReactNode;
  /** Shown between the availability line and the details (an institution's services). */
  extra?: ReactNode;
  details: DetailRow[];
  summary?: string;
  /** 'with' a professional, 'at' an institution. */
  bookPreposition: 'with' | 'at';
  plan?: PlanFilter;
}

/** Spec §2's result cards: the layout both kinds share, with what differs passed in. */
function ProviderResultCard(p: ProviderResultCardProps) {
  const { hit } = p;
  const { t } = useLingui();
  const name = hit.name;
  const href = `${p.path}${hit.id}`;
  const headingId = `${p.idPrefix}-${hit.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ProviderPhoto
          src={hit.photo}
          provider={{ kind: p.path === '/professional/' ? 'professional' : 'institution', id: hit.id }}
          name={hit.name}
          alt=""
          size={64}
          radius={p.avatar.radius}
          color={p.avatar.color}
        >
          {p.initials}
        </ProviderPhoto>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Title order={3} size="h4" id={headingId}>
                {hit.name}
              </Title>
              <Text size="sm" c="dimmed">
                {p.subtitle}
              </Text>
            </div>
            <TrustBadges verified={hit.isVerified} approved={hit.isApproved && !hit.listed} />
          </Group>
          {hit.listed && (
            <div>
              <Text size="sm" fw={600}>
                <SearchLater en={LISTED_FROM_REGISTER} text={['listed']} />
              </Text>
              <Text size="xs" c="dimmed">
                {/* contracts' registerSourceLine, its date by the browser's own formatter (the search page's weight budget). */}
                <SearchLater
                  en={`Source: ${REGISTER_SOURCE}${
                    hit.registerUpdated
                      ? `, updated ${new Date(hit.registerUpdated).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`
                      : ''
                  }`}
                  text={['source', REGISTER_SOURCE, hit.registerUpdated]}
                />
              </Text>
            </div>
          )}
          <RatingLine rating={hit.rating} count={hit.reviewCount} />
          <Distance metres={hit.geo_distance_meters?.location} approximate={hit.locationApproximate} />
          <NextAvailable href={href} nextSlot={hit.nextSlot} bookingMode={hit.bookingMode} />
          <Group gap="xs">
            <OpenStateLine hit={hit} />
            <AcceptsPlan plans={hit.plans} plan={p.plan?.slug} name={p.plan?.name} />
          </Group>
          {p.extra}
          <Stack gap={4}>
            {p.details.map(([DetailIcon, label, value]) => (
              <Detail key={label} icon={<DetailIcon size={16} />} label={label}>
                {value}
              </Detail>
            ))}
          </Stack>
          {p.summary && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {p.summary}
            </Text>
          )}
          <Group gap="sm" mt={4}>
            <Button component={Link} to={href} variant="light" aria-label={t`View Profile of ${name}`}>
              {t`View Profile`}
            </Button>
            {!hit.listed ? (
              <Button component={Link} to={href} aria-label={p.bookPreposition === 'with' ? t`Book Appointment with ${name}` : t`Book Appointment at ${name}`}>
                {t`Book Appointment`}
              </Button>
            ) : (
              hit.phone && (
                <Button component="a" href={`tel:${hit.phone.replace(/[^\d+]/g, '')}`} leftSection={<IconPhone size={16} aria-hidden />} aria-label={t`Call ${name}`}>
                  {t`Call`}
                </Button>
              )
            )}
            <SaveProviderButton target={{ kind: p.path === '/professional/' ? 'professional' : 'institution', id: Number(hit.id) }} name={hit.name} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

const place = (h: ProviderHit) => [h.city, h.state].filter(Boolean).join(', ');
/** Issue 45: "₦15,000", or "Free at the point of care" (`free`, in the page's language). */
const feeOf = (h: ProviderHit, free: string, fee = h.consultationFeeNaira) => (fee != null ? formatNaira(fee) : h.freeAtPointOfCare ? free : undefined);

/** Spec §2 "Professional result card": every field, View Profile and Book Appointment. */
export function ProfessionalResultCard({ hit, plan }: { hit: ProfessionalHit; plan?: PlanFilter }) {
  const { t } = useLingui();
  const typeLabel = hit.professionalType in professionalTypeText ? t(professionalTypeText[hit.professionalType as ProfessionalType]) : hit.professionalType;
  const initials = ((hit.firstName?.[0] ?? '') + (hit.lastName?.[0] ?? '')).toUpperCase() || hit.name.slice(0, 1).toUpperCase();
  return (
    <ProviderResultCard
      hit={hit}
      path="/professional/"
      idPrefix="pro"
      initials={initials}
      avatar={{ radius: 'xl', color: 'teal' }}
      subtitle={
        <>
          {typeLabel} · <Name value={hit.specialty} />
        </>
      }
      details={[
        [IconBuildingHospital, t`Institution`, hit.institution],
        [IconMapPin, t`Location`, place(hit)],
        [IconPhone, t`Phone`, hit.phone],
        [IconSchool, t`Education`, hit.education],
        [IconCash, t`Consultation fee`, feeOf(hit, t`Free at the point of care`, hit.consultationFeeNaira ?? hit.consultationFee)],
        [IconBriefcase, t`Experience`, <Plural value={hit.yearsOfExperience} one="# year of experience" other="# years of experience" />],
        [IconWorld, t`Languages`, hit.languages?.length ? <SpeaksLine codes={hit.languages} /> : undefined],
      ]}
      summary={hit.bio}
      bookPreposition="with"
      plan={plan}
    />
  );
}

/** Issue 50: "Speaks English, Hausa" as the spec's card says it; in another language, the languages' names in it. */
function SpeaksLine({ codes }: { codes: string[] }) {
  if (useLocale() === 'en') return speaks(codes);
  const named = <NameList values={codes.map(languageName)} />;
  return <Trans>Speaks {named}</Trans>;
}

const SERVICES_SHOWN = 3;

/** The first 3 services plus '+N more'. */
function ServiceBadges({ services }: { services: string[] }) {
  const { t } = useLingui();
  if (services.length === 0) return null;
  const more = services.length - SERVICES_SHOWN;
  return (
    <Group gap={6} aria-label={t`Services`}>
      {services.slice(0, SERVICES_SHOWN).map((s) => (
        <Badge key={s} variant="outline" color="gray" size="sm" tt="none">
          <Name value={s} />
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="light" color="gray" size="sm" tt="none">
          {t`+${more} more`}
        </Badge>
      )}
    </Group>
  );
}

/** Spec §2 "Institution result card": the first 3 services plus '+N more', and every contact field. */
export function InstitutionResultCard({ hit, plan }: { hit: InstitutionHit; plan?: PlanFilter }) {
  const { t } = useLingui();
  const website = hit.website && (
    <Anchor href={hit.website} target="_blank" rel="noopener noreferrer" size="sm">
      {hit.website.replace(/^https?:\/\//, '')}
    </Anchor>
  );
  return (
    <ProviderResultCard
      hit={hit}
      path="/institution/"
      idPrefix="inst"
      initials={hit.name.slice(0, 2).toUpperCase()}
      avatar={{ radius: 'md', color: 'cyan' }}
      // Issue 50: the list's type in the page's language; a label of the index's own (not the list's) as it is.
      subtitle={!hit.typeLabel || hit.typeLabel === institutionTypeLabel(hit.type) ? <Name value={institutionTypeIn(t, hit.type)} /> : hit.typeLabel}
      extra={<ServiceBadges services={hit.services ?? []} />}
      details={[
        [IconMapPin, t`Location`, place(hit)],
        [IconCash, t`Consultation fee`, feeOf(hit, t`Free at the point of care`)],
        [IconPhone, t`Phone`, hit.phone],
        [IconMail, 'E-mail', hit.email],
        [IconWorld, t`Website`, website],
        [IconUsers, t`Professionals`, <Plural value={hit.professionalCount} one="# associated professional" other="# associated professionals" />],
      ]}
      summary={hit.description}
      bookPreposition="at"
      plan={plan}
    />
  );
}
