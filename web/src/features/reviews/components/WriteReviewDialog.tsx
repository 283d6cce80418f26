import { Modal } from '@mantine/core';

export interface WriteReviewDialogProps {
  opened: boolean;
  onClose: () => void;
  professionalId?: number;
  institutionId?: number;
}

// Placeholder: replaced by the reviews feature's owner.
export default function WriteReviewDialog({ opened, onClose }: WriteReviewDialogProps) {
  return <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Write a Review" />;
}
