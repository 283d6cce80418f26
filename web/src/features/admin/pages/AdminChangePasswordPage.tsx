import { Container, Title } from '@mantine/core';

// Placeholder: replaced by the page's owner.
export default function AdminChangePasswordPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Change Admin Password</Title>
    </Container>
  );
}
