import { MobileGuide } from '../../components/MobileGuide';

export default function MobileHelpPage() {
  return (
    <MobileGuide
      title="Mobile Help"
      intro="Having trouble opening Ilera on your phone? These steps fix most connection problems."
    />
  );
}
