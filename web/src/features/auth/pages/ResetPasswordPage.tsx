import { Container, Title } from '@mantine/core';

// Placeholder: replaced by the page's owner.
export default function ResetPasswordPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Reset Password</Title>
    </Container>
  );
}
