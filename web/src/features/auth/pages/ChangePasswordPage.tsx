import { Container, Title } from '@mantine/core';

// Placeholder: replaced by the page's owner.
export default function ChangePasswordPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Change Password</Title>
    </Container>
  );
}
