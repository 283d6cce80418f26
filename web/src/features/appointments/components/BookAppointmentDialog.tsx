import { Modal } from '@mantine/core';

export interface BookAppointmentDialogProps {
  opened: boolean;
  onClose: () => void;
  professionalId?: number;
  institutionId?: number;
  providerName: string;
}

// Placeholder: replaced by the booking feature's owner.
export default function BookAppointmentDialog({ opened, onClose, providerName }: BookAppointmentDialogProps) {
  return <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={`Book Appointment with ${providerName}`} />;
}
