import { List, Text } from '@mantine/core';
import { Section, StaticPage } from '../../components/StaticPage';

export default function TermsPage() {
  return (
    <StaticPage title="Terms of Service" updated="1 January 2025">
      <Text>By using Ilera you agree to these terms.</Text>
      <Section title="Not emergency care">
        <Text>
          Ilera is a directory and booking service, not a healthcare provider. In an emergency, go to the nearest
          hospital or call the emergency number 112.
        </Text>
      </Section>
      <Section title="Appointments">
        <List size="sm" spacing={4}>
          <List.Item>All appointment times are West Africa Time (WAT, UTC+1).</List.Item>
          <List.Item>A booking is a request until the provider confirms it.</List.Item>
          <List.Item>Fees are set by each provider and shown in naira (₦); you pay the provider directly.</List.Item>
        </List>
      </Section>
      <Section title="Providers">
        <Text>
          Providers must give true, current information, including valid licence numbers. Ilera reviews each
          application and may decline, withdraw or remove a listing that is inaccurate or breaks these terms.
        </Text>
      </Section>
      <Section title="Reviews">
        <Text>
          Reviews must describe your own experience, honestly and without abuse or personal health details of others.
          We may remove reviews that break these rules.
        </Text>
      </Section>
      <Section title="Your account">
        <Text>
          Keep your password secret; you are responsible for what is done with your account. We may suspend accounts
          that misuse the service.
        </Text>
      </Section>
    </StaticPage>
  );
}
