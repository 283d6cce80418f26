import { useEffect, useState, type FormEvent } from 'react';
import { Avatar, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdatePhoto, type PhotoOwner } from '../api/update-photo';

export interface PhotoDialogProps {
  opened: boolean;
  onClose: () => void;
  owner: PhotoOwner;
  currentUrl: string | null;
}

/** Photo update (spec §2 Dialogs, §5 Photo, §8 toasts): a URL, or remove the photo. */
export function PhotoDialog({ opened, onClose, owner, currentUrl }: PhotoDialogProps) {
  const [url, setUrl] = useState(currentUrl ?? '');
  const mutation = useUpdatePhoto(owner);

  useEffect(() => {
    if (opened) setUrl(currentUrl ?? '');
  }, [opened, currentUrl]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = url.trim();
    if (!trimmed) {
      toast({ title: 'Invalid URL', description: 'Please enter a valid photo URL', variant: 'destructive' });
      return;
    }
    try {
      await mutation.mutateAsync(trimmed);
      toast({ title: 'Photo Updated', description: 'Your profile photo has been updated successfully!' });
      onClose();
    } catch (error) {
      toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update photo'), variant: 'destructive' });
    }
  };

  const onRemove = async () => {
    try {
      await mutation.mutateAsync(null);
      toast({ title: 'Photo Removed', description: 'Your profile photo has been removed.' });
      onClose();
    } catch (error) {
      toast({ title: 'Remove Failed', description: errorMessage(error, 'Failed to remove photo'), variant: 'destructive' });
    }
  };

  const preview = url.trim();
  return (
    <Modal opened={opened} onClose={onClose} title="Update Profile Photo" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Group justify="center">
            <Avatar src={preview || null} size={96} radius={96} alt="Photo preview" color="teal" />
          </Group>
          <TextInput
            type="url"
            label="Photo URL"
            placeholder="https://example.com/your-photo.jpg"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            data-autofocus
          />
          <div>
            <Text size="sm" fw={500}>
              Tips for a good photo:
            </Text>
            <List size="sm" c="dimmed">
              <List.Item>Use a direct image link (JPG, PNG, WebP)</List.Item>
              <List.Item>A square image (1:1 ratio) works best</List.Item>
              <List.Item>Choose a professional headshot</List.Item>
            </List>
          </div>
          <Group justify="space-between">
            {currentUrl ? (
              <Button variant="subtle" color="red" onClick={onRemove} loading={mutation.isPending && mutation.variables === null}>
                Remove Photo
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending && mutation.variables !== null}>
                Save Photo
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
