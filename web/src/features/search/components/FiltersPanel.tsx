import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Card, Checkbox, Collapse, Group, NativeSelect, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconFilter } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import {
  availabilityWindows,
  type AvailabilityWindow,
  allServices,
  allSpecialties,
  professionalTypes,
  registrationInstitutionTypeValues,
  servicesByInstitutionType,
  specialtiesByType,
  stateFilterValues,
  type ProfessionalType,
  type RegistrationInstitutionType,
} from '@ilera/contracts';
import { clearCareFilters, hasCareFilters, type SearchState } from '../search-state';
import { formatCount } from './ResultParts';
import { availabilityWindowText, institutionTypeIn, professionalTypeText } from '../labels';
import { useNamesWhen } from '../../../i18n/names';

// Issue 45's filters (open now, health plan, services, fee): their code comes when the filters open.
const CareFilters = lazy(() => import('../../care/components/CareFilters'));

export interface FacetValue {
  name: string;
  count: number;
}

export interface SearchFacets {
  category: FacetValue[];
  sub: FacetValue[];
  state: FacetValue[];
  city: FacetValue[];
  /** "Verified licence" counts: values 'true' and 'false' (issue 18). */
  verified: FacetValue[];
  /** Providers with a free slot in each availability window (issue 17): today, 3days, week. */
  availability: FacetValue[];
}

const countOf = (values: FacetValue[], name: string) => values.find((v) => v.name === name)?.count ?? 0;
const withCount = (label: string, values: FacetValue[], name: string) => `${label} (${formatCount(countOf(values, name))})`;

/** The list a picker offers: the reference list, then any other value the index holds, then the current choice. */
export function optionValues(base: readonly string[], facet: FacetValue[], selected?: string): string[] {
  const out = [...base];
  for (const v of facet) if (!out.includes(v.name)) out.push(v.name);
  if (selected && !out.includes(selected)) out.push(selected);
  return out;
}

export function specialtyChoices(type: ProfessionalType | undefined, facet: FacetValue[], selected?: string): string[] {
  return optionValues(type ? specialtiesByType[type] : allSpecialties, type ? [] : facet, selected);
}

export function serviceChoices(type: string | undefined, facet: FacetValue[], selected?: string): string[] {
  const base = type && type in servicesByInstitutionType ? servicesByInstitutionType[type as RegistrationInstitutionType] : undefined;
  return base ? optionValues(base, [], selected) : optionValues(type ? [] : allServices, facet, selected);
}

export function institutionTypeChoices(facet: FacetValue[], selected?: string): string[] {
  return optionValues(registrationInstitutionTypeValues, facet, selected);
}

/** Where the filters open at once. */
const WIDE = '(min-width: 62em)';

/**
 * The collapsible Filters panel (spec §2): type, specialty or service, city
 * (free text) and state (ten options), with the number of results beside
 * each value.
 */
export function FiltersPanel({
  state,
  facets,
  onChange,
}: {
  state: SearchState;
  facets: SearchFacets;
  onChange: (patch: Partial<SearchState>) => void;
}) {
  const { t } = useLingui();
  // Read after the first render, which must match the server's HTML (the server knows no
  // screen, decision 015): closed at first, opened at once on a wide screen.
  const wide = useMediaQuery(WIDE, false, { getInitialValueInEffect: true });
  const [opened, setOpened] = useState(wide);
  // Follows the screen when it changes, not on mount: a tap on Filters kept by the page's loader until the
  // app came (issue 35) is done again right after hydration, before this effect's first run, which closed
  // the panel it had just opened (a lost tap on phones, seen in CI).
  const shownFor = useRef(wide);
  useEffect(() => {
    if (shownFor.current === wide) return;
    shownFor.current = wide;
    setOpened(wide);
  }, [wide]);
  const [city, setCity] = useState(state.city ?? '');
  useEffect(() => setCity(state.city ?? ''), [state.city]);
  const commitCity = () => {
    const next = city.trim();
    if (next !== (state.city ?? '')) onChange({ city: next || undefined });
  };
  // Issue 50: the specialties' and services' names in the page's language, once the panel is open (the names table
  // comes then; an option holds text only, so English until it has).
  const named = useNamesWhen(opened);
  const pros = state.type === 'professionals';
  const hasFilters = Boolean(state.professionalType || state.specialty || state.institutionType || state.service || state.city || state.state || state.verified || state.availability) || hasCareFilters(state);

  return (
    // On a wide screen the app must come at once to open it (issue 35: web/src/main.tsx).
    <Card withBorder radius="md" padding="md" component="section" aria-label={t`Filters`} data-app-at-once={WIDE}>
      <UnstyledButton onClick={() => setOpened((o) => !o)} aria-expanded={opened} aria-controls="search-filters" w="100%">
        <Group justify="space-between">
          <Group gap={8}>
            <IconFilter size={18} aria-hidden />
            <Text fw={600}>{t`Filters`}</Text>
          </Group>
          {opened ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
        </Group>
      </UnstyledButton>
      <Collapse in={opened} id="search-filters">
        <Stack gap="sm" mt="md">
          <NativeSelect
            label={t`Availability`}
            value={state.availability ?? ''}
            onChange={(e) => onChange({ availability: (e.currentTarget.value || undefined) as AvailabilityWindow | undefined })}
            data={[
              { value: '', label: t`Any time` },
              ...availabilityWindows.map((w) => ({ value: w, label: withCount(t(availabilityWindowText[w]), facets.availability, w) })),
            ]}
          />
          {pros ? (
            <>
              <NativeSelect
                label={t`Professional Type`}
                value={state.professionalType ?? ''}
                onChange={(e) =>
                  // Picking a type clears the specialty (spec §4).
                  onChange({ professionalType: (e.currentTarget.value || undefined) as ProfessionalType | undefined, specialty: undefined })
                }
                data={[
                  { value: '', label: t`All Types` },
                  ...professionalTypes.map((p) => ({ value: p, label: withCount(t(professionalTypeText[p]), facets.category, p) })),
                ]}
              />
              <NativeSelect
                label={t`Specialty`}
                value={state.specialty ?? ''}
                onChange={(e) => onChange({ specialty: e.currentTarget.value || undefined })}
                data={[
                  { value: '', label: t`All Specialties` },
                  ...specialtyChoices(state.professionalType, facets.sub, state.specialty).map((s) => ({
                    value: s,
                    label: withCount(named(s), facets.sub, s),
                  })),
                ]}
              />
            </>
          ) : (
            <>
              <NativeSelect
                label={t`Institution Type`}
                value={state.institutionType ?? ''}
                onChange={(e) => onChange({ institutionType: e.currentTarget.value || undefined, service: undefined })}
                data={[
                  { value: '', label: t`All Types` },
                  ...institutionTypeChoices(facets.category, state.institutionType).map((i) => ({
                    value: i,
                    // A rarer type's name from the names table (the search page's catalog has the common ones').
                    label: withCount(named(institutionTypeIn(t, i)), facets.category, i),
                  })),
                ]}
              />
              <NativeSelect
                label={t`Service`}
                value={state.service ?? ''}
                onChange={(e) => onChange({ service: e.currentTarget.value || undefined })}
                data={[
                  { value: '', label: t`All Services` },
                  ...serviceChoices(state.institutionType, facets.sub, state.service).map((s) => ({
                    value: s,
                    label: withCount(named(s), facets.sub, s),
                  })),
                ]}
              />
            </>
          )}
          <TextInput
            label={t`City`}
            placeholder={t`e.g. Ikeja`}
            value={city}
            onChange={(e) => setCity(e.currentTarget.value)}
            onBlur={commitCity}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commitCity();
              }
            }}
          />
          <NativeSelect
            label={t`State`}
            value={state.state ?? ''}
            onChange={(e) => onChange({ state: e.currentTarget.value || undefined })}
            data={[
              { value: '', label: t`All States` },
              ...optionValues(stateFilterValues, [], state.state).map((s) => ({ value: s, label: withCount(s, facets.state, s) })),
            ]}
          />
          <Checkbox
            label={withCount(t`Verified licence`, facets.verified, 'true')}
            checked={state.verified === true}
            onChange={(e) => onChange({ verified: e.currentTarget.checked || undefined })}
          />
          {opened && (
            <Suspense fallback={null}>
              <CareFilters state={state} onChange={onChange} />
            </Suspense>
          )}
          {hasFilters && (
            <Button
              variant="subtle"
              onClick={() =>
                onChange({ professionalType: undefined, specialty: undefined, institutionType: undefined, service: undefined, city: undefined, state: undefined, verified: undefined, availability: undefined, ...clearCareFilters })
              }
            >
              {t`Clear filters`}
            </Button>
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}
