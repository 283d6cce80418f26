import { useState, type FormEvent } from 'react';
import { Button, Card, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { dashboardLocations, professionalTypeLabels, professionalTypes } from '@ilera/contracts';
import { searchUrl } from '../../search/search-params';

/**
 * The patient's quick search (spec §2 Dashboard): q, professionalType and
 * location, each sent only when set and not 'all'.
 */
export function QuickSearchForm() {
  const navigate = useNavigate();
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const [professionalType, setProfessionalType] = useState('all');
  const [location, setLocation] = useState('all');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const keep = (v: string) => (v === 'all' ? '' : v);
    navigate(searchUrl({ q, professionalType: keep(professionalType), location: keep(location) }));
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-search-heading">
      <Title order={2} size="h4" id="quick-search-heading" mb="sm">
        <Trans>Quick Search</Trans>
      </Title>
      <form onSubmit={onSubmit} role="search" aria-label={t`Quick search`}>
        <Stack gap="sm">
          <TextInput
            label={t`Search`}
            placeholder={t`Name, specialty or condition`}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t`Professional Type`}
              value={professionalType}
              onChange={(e) => setProfessionalType(e.currentTarget.value)}
              data={[
                { value: 'all', label: t`All Types` },
                ...professionalTypes.map((type) => ({ value: type, label: professionalTypeLabels[type] })),
              ]}
            />
            <NativeSelect
              label={t`Location`}
              value={location}
              onChange={(e) => setLocation(e.currentTarget.value)}
              data={[{ value: 'all', label: t`All Locations` }, ...dashboardLocations]}
            />
          </SimpleGrid>
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            <Trans>Search</Trans>
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
