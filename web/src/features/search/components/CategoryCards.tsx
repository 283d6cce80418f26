import type { ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconBuildingHospital,
  IconFlask,
  IconNurse,
  IconPill,
  IconStethoscope,
  IconBuilding,
} from '@tabler/icons-react';
import { Plural, useLingui } from '@lingui/react/macro';
import { professionalTypes, type ProfessionalType } from '@ilera/contracts';
import type { SearchState } from '../search-state';
import { institutionTypeChoices, serviceChoices, specialtyChoices, type FacetValue } from './FiltersPanel';
import { formatCount } from './ResultParts';
import { hasInstitutionTypeText, institutionTypeIn, professionalTypesText, professionalTypeText } from '../labels';
import { Name, useNamesWhen } from '../../../i18n/names';

const proIcons: Record<ProfessionalType, ReactNode> = {
  doctor: <IconStethoscope size={24} />,
  pharmacist: <IconPill size={24} />,
  nurse: <IconNurse size={24} />,
};
const institutionIcon = (type: string) =>
  type === 'pharmacy' ? <IconPill size={24} /> : type === 'diagnostic_lab' ? <IconFlask size={24} /> : type.includes('hospital') ? <IconBuildingHospital size={24} /> : <IconBuilding size={24} />;

/** The search, the facet counts of the current category level, and how to change the search. */
interface PickerProps {
  state: SearchState;
  facet: FacetValue[];
  onChange: (patch: Partial<SearchState>) => void;
}

const countOf = (values: FacetValue[], name: string) => values.find((v) => v.name === name)?.count ?? 0;

/**
 * Category cards with live counts (D2: counts of approved profiles matching the
 * rest of the search, not the spec's fixed '2 professionals'). Choosing one
 * clears the specialty or service; choosing it again removes it.
 */
export function CategoryCards({ state, facet, onChange }: PickerProps) {
  const { t } = useLingui();
  const pros = state.type === 'professionals';
  const items = pros
    ? professionalTypes.map((p) => ({ value: p as string, label: t(professionalTypesText[p]), icon: proIcons[p] }))
    : institutionTypeChoices(facet, state.institutionType).map((i) => ({ value: i, label: institutionTypeIn(t, i), icon: institutionIcon(i) }));
  const selected = pros ? state.professionalType : state.institutionType;

  return (
    // On every screen (issue 48, D16/D18): on a phone, one row of compact cards that scrolls
    // sideways (app/global.css), so the first result stays on the first screen.
    <SimpleGrid className="ilera-category-row" cols={{ base: 2, sm: 3 }} spacing="sm" role="group" aria-label={pros ? t`Professional types` : t`Institution types`}>
      {items.map((item) => {
        const active = selected === item.value;
        const n = countOf(facet, item.value);
        return (
          <UnstyledButton
            key={item.value}
            aria-pressed={active}
            onClick={() =>
              onChange(
                pros
                  ? { professionalType: active ? undefined : (item.value as ProfessionalType), specialty: undefined }
                  : { institutionType: active ? undefined : item.value, service: undefined },
              )
            }
          >
            <Card
              withBorder
              radius="md"
              padding="sm"
              style={{
                borderColor: active ? 'var(--mantine-color-teal-6)' : undefined,
                background: active ? 'var(--mantine-color-teal-0)' : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="xl" variant={active ? 'filled' : 'light'} aria-hidden>
                  {item.icon}
                </ThemeIcon>
                <Stack gap={0}>
                  {/* A rarer institution type's name from the names table (the catalog has the common ones'). */}
                  <Text fw={600}>
                    <Name value={item.label} />
                  </Text>
                  <Text size="sm" c="dimmed">
                    <CountLabel count={n} pros={pros} />
                  </Text>
                </Stack>
              </Group>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** '1,234 professionals', '1 institution': the plural's form from CLDR (Intl.PluralRules) for the page's language. */
function CountLabel({ count, pros }: { count: number; pros: boolean }) {
  const shown = formatCount(count);
  return pros ? (
    <Plural value={count} one={`${shown} professional`} other={`${shown} professionals`} />
  ) : (
    <Plural value={count} one={`${shown} institution`} other={`${shown} institutions`} />
  );
}

/** After a category is chosen: its specialties (professionals) or services (institutions), with counts. */
export function SubPicker({ state, facet, onChange }: PickerProps) {
  const { t } = useLingui();
  const pros = state.type === 'professionals';
  const category = pros ? state.professionalType : state.institutionType;
  // Issue 50: a rarer institution type's name (the list's name, "Specialist Hospital services") from the names table once
  // it has come (the search page's catalog has the common ones'); English first, as the server drew it.
  const rare = !pros && !!category && !hasInstitutionTypeText(category);
  const names = useNamesWhen(rare);
  if (!category) return null;
  const selected = pros ? state.specialty : state.service;
  const choices = pros ? specialtyChoices(state.professionalType, facet, selected) : serviceChoices(state.institutionType, facet, selected);
  const kind = pros ? t(professionalTypeText[state.professionalType!]) : rare ? names(institutionTypeIn(t, category)) : institutionTypeIn(t, category);
  const title = pros ? t`${kind} specialties` : t`${kind} services`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sub-picker-title">
      <Title order={2} size="h5" id="sub-picker-title" mb="xs">
        {pros ? t`Choose a specialty` : t`Choose a service`}
      </Title>
      <Group gap={6} role="group" aria-label={title}>
        {choices.map((c) => {
          const active = selected === c;
          return (
            <Button
              key={c}
              size="compact-sm"
              radius="xl"
              variant={active ? 'filled' : 'light'}
              aria-pressed={active}
              onClick={() => onChange(pros ? { specialty: active ? undefined : c } : { service: active ? undefined : c })}
            >
              <Name value={c} /> ({formatCount(countOf(facet, c))})
            </Button>
          );
        })}
      </Group>
    </Card>
  );
}
