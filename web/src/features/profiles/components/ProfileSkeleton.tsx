import { Card, Container, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** The profile pages' loading skeleton. */
export function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <Container size="lg" py="xl" aria-busy="true" aria-label={t`Loading profile`}>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group gap="lg">
          <Skeleton height={96} circle />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton height={24} width="50%" />
            <Skeleton height={14} width="30%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        </Group>
      </Card>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {[0, 1, 2].map((i) => (
              <Card key={i} withBorder radius="md" padding="lg">
                <Skeleton height={18} width="30%" mb="sm" />
                <Skeleton height={12} mb={6} />
                <Skeleton height={12} width="80%" />
              </Card>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            {[0, 1].map((i) => (
              <Card key={i} withBorder radius="md" padding="lg">
                <Skeleton height={18} width="50%" mb="sm" />
                <Skeleton height={36} />
              </Card>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
