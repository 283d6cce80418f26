import { MobileGuide } from '../../components/MobileGuide';

export default function MobileAccessPage() {
  return (
    <MobileGuide
      title="Mobile Access Guide"
      intro="How to reach Ilera reliably from a phone or tablet, and what to do when the connection fails."
    />
  );
}
