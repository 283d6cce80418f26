import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/api/use-auth';
import { useSavedProviders } from '../api/get-saved-providers';
import { useToggleSaved, type SavedTarget } from '../api/toggle-saved-provider';

/**
 * Save / Saved (issue 35): a signed-in patient's bookmark of a provider, on profiles and
 * result cards. Nothing for anyone else (only patients have saved providers). Offline the
 * change is not faked: it says "You are offline" and stays as it was, to be tried again.
 */
export function SaveProviderButton({ target, name, size = 'sm' }: { target: SavedTarget; name: string; size?: 'xs' | 'sm' }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const isPatient = user?.userType === 'patient';
  const list = useSavedProviders(isPatient);
  const toggle = useToggleSaved();
  if (!isPatient) return null;
  const saved = !!list.data?.some((s) => s.kind === target.kind && s.id === target.id);
  const onClick = () =>
    toggle.mutate(
      { target, saved: !saved },
      { onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Could not update your saved providers.'), variant: 'destructive' }) },
    );
  return (
    <Button
      variant={saved ? 'filled' : 'default'}
      size={size}
      leftSection={saved ? <IconBookmarkFilled size={16} aria-hidden /> : <IconBookmark size={16} aria-hidden />}
      aria-pressed={saved}
      aria-label={saved ? t`Saved: remove ${name} from your saved providers` : t`Save ${name}`}
      loading={toggle.isPending}
      disabled={list.isLoading}
      onClick={onClick}
    >
      {saved ? t`Saved` : t`Save`}
    </Button>
  );
}
