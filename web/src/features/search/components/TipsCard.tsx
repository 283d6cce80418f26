import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { SearchState } from '../search-state';
import type { FacetValue } from './FiltersPanel';
import { formatCount } from './ResultParts';
import { Name } from '../../../i18n/names';

export const POPULAR_LIMIT = 6;

/** Spec §2: a side card of tips plus up to 6 popular specialties (from the live facet counts). */
export function TipsCard({ state, facet, onChange }: { state: SearchState; facet: FacetValue[]; onChange: (patch: Partial<SearchState>) => void }) {
  const { t } = useLingui();
  const pros = state.type === 'professionals';
  const popular = [...facet].filter((v) => v.count > 0).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, POPULAR_LIMIT);
  return (
    <Card withBorder radius="md" padding="md" component="aside" aria-labelledby="tips-title">
      <Title order={2} size="h5" id="tips-title" mb="xs">
        {t`Search Tips`}
      </Title>
      <List size="sm" spacing={4} mb="md">
        <List.Item>{t`Search by name, specialty, service or city.`}</List.Item>
        <List.Item>{t`Small typos are fine: "cardiolgy" still finds Cardiology.`}</List.Item>
        <List.Item>{t`Narrow the results with the filters; the numbers show how many match.`}</List.Item>
        {/* Issue 48 (D22): two kinds of result, each as it is. */}
        <List.Item>{t`Approved providers were checked by our team and take bookings here.`}</List.Item>
        <List.Item>{t`Facilities listed from the national register are not on Ilera yet: call or visit.`}</List.Item>
      </List>
      <Title order={3} size="h6" mb={6}>
        {pros ? t`Popular Specialties` : t`Popular Services`}
      </Title>
      {popular.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t`No suggestions for this search.`}
        </Text>
      ) : (
        <Stack gap={4}>
          {popular.map((v) => (
            <Button
              key={v.name}
              variant="subtle"
              justify="space-between"
              fullWidth
              size="compact-sm"
              onClick={() => onChange(pros ? { specialty: v.name } : { service: v.name })}
              rightSection={
                <Text span size="xs" c="dimmed">
                  {formatCount(v.count)}
                </Text>
              }
            >
              <Name value={v.name} />
            </Button>
          ))}
        </Stack>
      )}
    </Card>
  );
}
