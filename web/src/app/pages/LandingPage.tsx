import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBabyCarriage,
  IconBrain,
  IconCalendarCheck,
  IconHeartbeat,
  IconNurse,
  IconPill,
  IconScale,
  IconSearch,
  IconStethoscope,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, Plural, useLingui } from '@lingui/react/macro';
import { useLocaleBase } from '../../i18n/use-locale';
import {
  landingLocations,
  quickSearchFacilities,
  quickSearchQuery,
  quickSearchSpecialties,
  type DirectoryCounts,
  type ProfessionalType,
} from '@ilera/contracts';
import { Footer } from '../../components/Footer';
import { formatCount } from '../../lib/format-count';
import { Header } from '../../components/Header';
import { useDirectoryCounts } from '../../features/search/api/get-directory-counts';
import { searchTypeOptions, searchUrl, type SearchType } from '../../features/search/search-params';

export default function LandingPage() {
  return (
    <>
      <Header variant="landing" />
      <Box component="main" style={{ flex: 1 }}>
        <Hero />
        <CategorySection />
        <HowItWorks />
      </Box>
      <Footer />
    </>
  );
}

// ---------------------------------------------------------------- hero search

function Hero() {
  return (
    <Box
      component="section"
      py={{ base: 40, sm: 72 }}
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-teal-0) 0%, var(--mantine-color-cyan-0) 100%)',
      }}
    >
      <Container size="lg">
        <Stack gap="lg" align="center" ta="center">
          <Title order={1} fz={{ base: 28, sm: 44 }} lh={1.15} maw={760}>
            <Trans>Find Trusted Healthcare Providers in Nigeria</Trans>
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            <Trans>
              Read reviews, compare qualifications, view profiles and book appointments with doctors, pharmacists,
              nurses, hospitals, pharmacies and labs near you.
            </Trans>
          </Text>
          <HeroSearchForm />
        </Stack>
      </Container>
    </Box>
  );
}

/** Issue 50: the quick-search choices (contracts' quickSearchSpecialties and quickSearchFacilities) in the page's language. */
const quickText: Record<string, MessageDescriptor> = {
  'general-practitioner': msg`General Practitioner`,
  cardiologist: msg`Cardiologist`,
  neurologist: msg`Neurologist`,
  ophthalmologist: msg`Ophthalmologist`,
  orthopedic: msg`Orthopedic Surgeon`,
  pediatrician: msg`Pediatrician`,
  pharmacist: msg`Pharmacist`,
  nurse: msg`Registered Nurse`,
  dentist: msg`Dentist`,
  ent: msg`ENT Specialist`,
  'general-hospital': msg`General Hospital`,
  'specialty-clinic': msg`Specialty Clinic`,
  pharmacy: msg`Pharmacy`,
  'diagnostic-center': msg`Diagnostic Center`,
  'maternity-hospital': msg`Maternity Hospital`,
  'cardiac-center': msg`Cardiac Center`,
  'eye-clinic': msg`Eye Clinic`,
  'orthopedic-center': msg`Orthopedic Center`,
  'dental-clinic': msg`Dental Clinic`,
  'surgical-center': msg`Surgical Center`,
};

function HeroSearchForm() {
  // The fields keep their values in the page, not in React state: the form is
  // server-rendered (issue 16) and a visitor may choose before the scripts have run;
  // what they chose is read from the form when it is sent. Only the type is state,
  // because the quick-search list depends on it.
  const [type, setType] = useState<SearchType>('professionals');
  const { t, i18n } = useLingui();
  // Issue 50: the search opens in the page's language.
  const base = useLocaleBase();
  const typeSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = typeSelect.current?.value as SearchType | undefined;
    if (chosen) setType(chosen);
  }, []);

  const quickChoices = type === 'professionals' ? quickSearchSpecialties : quickSearchFacilities;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    const quick = field('quick');
    const location = field('location');
    // Typed text wins; the quick-search choice is used only when the box is empty,
    // and "all" means no specialty or facility at all.
    const q = field('q').trim() || (quick && quick !== 'all' ? (quickSearchQuery(quick) ?? '') : '');
    const href = searchUrl({ q, location: location === 'all' ? '' : location, type: field('type') as SearchType });
    // Spec: a full page navigation, not a client-side route change.
    window.location.assign(`${base}${href}`);
  };

  return (
    <Paper
      component="form"
      // Before the scripts (or without them, issue 35) the browser sends the form itself:
      // /search reads q, type and location (the quick choice needs the script).
      action={`${base}/search`}
      method="get"
      onSubmit={onSubmit}
      role="search"
      aria-label={t`Find a healthcare provider`}
      shadow="md"
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      w="100%"
      maw={960}
      ta="left"
    >
      <Stack gap="sm">
        <TextInput
          aria-label={t`Search`}
          name="q"
          placeholder={t`Search by name or specialty...`}
          defaultValue=""
          leftSection={<IconSearch size={18} aria-hidden />}
          size="md"
          autoComplete="off"
          enterKeyHint="search"
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NativeSelect
            ref={typeSelect}
            label={t`Type`}
            name="type"
            defaultValue="professionals"
            onChange={(event) => setType(event.currentTarget.value as SearchType)}
            data={searchTypeOptions.map((o) => ({ value: o.value, label: o.value === 'professionals' ? t`Professionals` : t`Institutions` }))}
          />
          <NativeSelect
            label={t`Location`}
            name="location"
            defaultValue=""
            data={[{ value: '', label: t`Select location` }, ...landingLocations.map((o) => (o.value === 'all' ? { ...o, label: t`All Locations` } : o))]}
          />
          <NativeSelect
            // A new list for each type, starting unchosen.
            key={type}
            label={t`Quick search`}
            name="quick"
            defaultValue=""
            data={[
              { value: '', label: type === 'professionals' ? t`Select specialty` : t`Select facility` },
              { value: 'all', label: type === 'professionals' ? t`All Specialties` : t`All Facilities` },
              ...quickChoices.map((o) => ({ value: o.value, label: quickText[o.value] ? i18n._(quickText[o.value]!) : o.label })),
            ]}
          />
        </SimpleGrid>
        <Button type="submit" size="md" leftSection={<IconSearch size={18} aria-hidden />}>
          <Trans>Search</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}

// ---------------------------------------------------------------- categories (live counts, D2)

interface Category {
  label: MessageDescriptor;
  icon: ReactNode;
  href: string;
  count: (counts: DirectoryCounts) => number | undefined;
}

const professionalCategory = (type: ProfessionalType, plural: MessageDescriptor, icon: ReactNode): Category => ({
  label: plural,
  icon,
  href: searchUrl({ type: 'professionals', professionalType: type }),
  count: (counts) => counts[type],
});

const specialtyCategory = (specialty: keyof DirectoryCounts['specialties'], label: MessageDescriptor, icon: ReactNode): Category => ({
  label,
  icon,
  href: searchUrl({ type: 'professionals', specialty }),
  count: (counts) => counts.specialties?.[specialty],
});

// The six cards the spec's landing page shows; their numbers come from the database.
const categories: Category[] = [
  // The spec's words (professionalTypeLabels + 's'), in the page's language (issue 50).
  professionalCategory('doctor', msg`Doctors`, <IconStethoscope size={26} />),
  professionalCategory('pharmacist', msg`Pharmacists`, <IconPill size={26} />),
  professionalCategory('nurse', msg`Nurses`, <IconNurse size={26} />),
  specialtyCategory('Cardiology', msg`Cardiology`, <IconHeartbeat size={26} />),
  specialtyCategory('Neurology', msg`Neurology`, <IconBrain size={26} />),
  specialtyCategory('Pediatrics', msg`Pediatrics`, <IconBabyCarriage size={26} />),
];

/** '1,234 professionals': the plural's form from CLDR (Intl.PluralRules) for the page's language. */
function CountLabel({ count }: { count: number }) {
  const shown = formatCount(count);
  return <Plural value={count} one={`${shown} professional`} other={`${shown} professionals`} />;
}

function CategorySection() {
  const { data, isLoading, isError } = useDirectoryCounts();
  const { i18n } = useLingui();

  return (
    <Box component="section" py={{ base: 40, sm: 64 }} aria-labelledby="browse-heading">
      <Container size="lg">
        <Title id="browse-heading" order={2} ta="center" mb="xs">
          <Trans>Browse Healthcare Professionals</Trans>
        </Title>
        <Text c="dimmed" ta="center" mb="xl">
          <Trans>Explore approved professionals by type and specialty.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          {categories.map((category) => {
            const count = data ? category.count(data) : undefined;
            return (
              <Card
                key={category.href}
                component={Link}
                to={category.href}
                withBorder
                padding="md"
                radius="md"
                ta="center"
                style={{ textDecoration: 'none' }}
              >
                <Stack gap={8} align="center">
                  <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                    {category.icon}
                  </ThemeIcon>
                  <Text fw={600}>{i18n._(category.label)}</Text>
                  {isLoading ? (
                    <Skeleton height={14} width="80%" aria-hidden />
                  ) : isError || count === undefined ? null : (
                    <Text size="sm" c="dimmed">
                      <CountLabel count={count} />
                    </Text>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
        <Text ta="center" mt="lg" size="sm">
          <Anchor component={Link} to={searchUrl({ type: 'institutions' })}>
            <Trans>Looking for a hospital, pharmacy or lab? Browse institutions</Trans>
          </Anchor>
        </Text>
      </Container>
    </Box>
  );
}

// ---------------------------------------------------------------- how it works

const steps = [
  {
    title: msg`Search & Find`,
    text: msg`Search by name, specialty or location to find doctors, pharmacists, nurses and facilities near you.`,
    icon: <IconSearch size={26} />,
  },
  {
    title: msg`Compare & Review`,
    text: msg`Compare qualifications, experience, fees and patient reviews before you choose.`,
    icon: <IconScale size={26} />,
  },
  {
    title: msg`Book & Connect`,
    text: msg`Request an appointment online at a time that suits you. All times are West Africa Time (WAT).`,
    icon: <IconCalendarCheck size={26} />,
  },
];

function HowItWorks() {
  const { i18n } = useLingui();
  return (
    <Box component="section" py={{ base: 40, sm: 64 }} bg="gray.0" aria-labelledby="how-heading">
      <Container size="lg">
        <Title id="how-heading" order={2} ta="center" mb="xl">
          <Trans>How It Works</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {steps.map((step, index) => (
            <Stack key={step.title.id} align="center" ta="center" gap="xs">
              <ThemeIcon size={56} radius="xl" aria-hidden>
                {step.icon}
              </ThemeIcon>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                <Trans>Step {index + 1}</Trans>
              </Text>
              <Title order={3} fz="lg">
                {i18n._(step.title)}
              </Title>
              <Text c="dimmed" size="sm" maw={320}>
                {i18n._(step.text)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
