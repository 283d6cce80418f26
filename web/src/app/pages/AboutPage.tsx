import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Section, StaticPage } from '../../components/StaticPage';

export default function AboutPage() {
  return (
    <StaticPage title="About Ilera">
      <Text>
        Ilera (Yoruba for &ldquo;health&rdquo;) is Nigeria&apos;s online directory of healthcare providers. Patients
        find doctors, pharmacists and nurses, as well as hospitals, pharmacies and diagnostic laboratories; compare
        qualifications and reviews; and request appointments.
      </Text>
      <Section title="Checked before they are listed">
        <Text>
          Every professional and institution registers with their licence and practice details. An Ilera administrator
          reviews each application before the profile appears in the directory, and can withdraw a listing at any time.
        </Text>
      </Section>
      <Section title="Built for Nigerian patients">
        <Text>
          Ilera is designed for phones on mobile data: pages are light and load quickly. Appointment times are always
          shown in West Africa Time (WAT), and fees in naira (₦).
        </Text>
      </Section>
      <Section title="For providers">
        <Text>
          Are you a healthcare professional or run a facility?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>{' '}
          to list your practice and manage appointment requests.
        </Text>
      </Section>
    </StaticPage>
  );
}
