import { useEffect, useState, type FormEvent } from 'react';
import { Avatar, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdatePhoto, type PhotoOwner } from '../api/update-photo';
import { Trans, useLingui } from '@lingui/react/macro';
import { DashboardMessages } from '../../../i18n/dashboard-messages';

export interface PhotoDialogProps {
  opened: boolean;
  onClose: () => void;
  owner: PhotoOwner;
  currentUrl: string | null;
}

/**
 * Photo update (spec §2 Dialogs, §5 Photo, §8 toasts): a URL, or remove the photo. Opened from the dashboard and the
 * owner's profile page; its texts are the signed-in pages' (dashboard.po, issue 50), fetched with it.
 */
export function PhotoDialog(props: PhotoDialogProps) {
  return (
    <DashboardMessages>
      <PhotoForm {...props} />
    </DashboardMessages>
  );
}

function PhotoForm({ opened, onClose, owner, currentUrl }: PhotoDialogProps) {
  const { t } = useLingui();
  const [url, setUrl] = useState(currentUrl ?? '');
  const mutation = useUpdatePhoto(owner);

  useEffect(() => {
    if (opened) setUrl(currentUrl ?? '');
  }, [opened, currentUrl]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = url.trim();
    if (!trimmed) {
      toast({ title: t`Invalid URL`, description: t`Please enter a valid photo URL`, variant: 'destructive' });
      return;
    }
    try {
      await mutation.mutateAsync(trimmed);
      toast({ title: t`Photo Updated`, description: t`Your profile photo has been updated successfully!` });
      onClose();
    } catch (error) {
      toast({ title: t`Update Failed`, description: errorMessage(error, t`Failed to update photo`), variant: 'destructive' });
    }
  };

  const onRemove = async () => {
    try {
      await mutation.mutateAsync(null);
      toast({ title: t`Photo Removed`, description: t`Your profile photo has been removed.` });
      onClose();
    } catch (error) {
      toast({ title: t`Remove Failed`, description: errorMessage(error, t`Failed to remove photo`), variant: 'destructive' });
    }
  };

  const preview = url.trim();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Update Profile Photo`} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Group justify="center">
            <Avatar src={preview || null} size={96} radius={96} alt={t`Photo preview`} color="teal" />
          </Group>
          <TextInput
            type="url"
            label={t`Photo URL`}
            placeholder="https://example.com/your-photo.jpg"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            data-autofocus
          />
          <div>
            <Text size="sm" fw={500}>
              <Trans>Tips for a good photo:</Trans>
            </Text>
            <List size="sm" c="dimmed">
              <List.Item>
                <Trans>Use a direct image link (JPG, PNG, WebP)</Trans>
              </List.Item>
              <List.Item>
                <Trans>A square image (1:1 ratio) works best</Trans>
              </List.Item>
              <List.Item>
                <Trans>Choose a professional headshot</Trans>
              </List.Item>
            </List>
          </div>
          <Group justify="space-between">
            {currentUrl ? (
              <Button variant="subtle" color="red" onClick={onRemove} loading={mutation.isPending && mutation.variables === null}>
                <Trans>Remove Photo</Trans>
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={mutation.isPending && mutation.variables !== null}>
                <Trans>Save Photo</Trans>
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
