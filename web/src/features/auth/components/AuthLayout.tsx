import type { ReactNode } from 'react';
import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The frame of the full-screen account pages: the site name (home link), a title and a card. */
export function AuthLayout({
  title,
  subtitle,
  children,
  size = 460,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  size?: number;
}) {
  return (
    <Box component="main" bg="gray.0" style={{ flex: 1, minHeight: '100vh' }} py={{ base: 'lg', sm: 48 }}>
      <Container size={size} px="md">
        <Stack gap="lg">
          <Anchor component={Link} to="/" underline="never" fw={800} fz={28} c="teal.7" ta="center">
            Ilera
          </Anchor>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <div>
                <Title order={1} fz={24} ta="center">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" ta="center" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
