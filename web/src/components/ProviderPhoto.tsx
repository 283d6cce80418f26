import { useState, type ReactNode } from 'react';
import { Avatar, UnstyledButton, type MantineRadius } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { photoPath, type PhotoWidth, type SavedProviderKind } from '@ilera/contracts';
import { useDataSaver } from '../lib/data-saver';

/**
 * A provider's photo at the size it is shown, with its width and height set (no layout shift):
 * the API's resized copy (/api/photos, AVIF or WebP), never the original upload.
 * With data saver on (issue 35) no photo is downloaded until it is tapped: the initials show,
 * and tapping them loads the photo.
 */
export function ProviderPhoto({
  src,
  provider,
  name,
  alt = name,
  size,
  radius,
  color = 'teal',
  children,
}: {
  src: string | null | undefined;
  /** Whose photo: the API serves it resized. */
  provider: { kind: SavedProviderKind; id: number | string };
  name: string;
  /** The image's text ('' when the name is written beside it). */
  alt?: string;
  size: PhotoWidth;
  radius: MantineRadius | number;
  color?: string;
  /** Initials or an icon, shown without a photo. */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const saver = useDataSaver();
  const [tapped, setTapped] = useState(false);
  if (src && saver && !tapped) {
    return (
      <UnstyledButton onClick={() => setTapped(true)} aria-label={t`Show photo of ${name}`} title={t`Data saver: tap to show the photo`}>
        <Avatar size={size} radius={radius} color={color} alt="">
          {children}
        </Avatar>
      </UnstyledButton>
    );
  }
  return (
    <Avatar
      src={src ? photoPath(provider.kind, provider.id, size, src) : null}
      alt={alt}
      size={size}
      radius={radius}
      color={color}
      imageProps={{ width: size, height: size, decoding: 'async' }}
    >
      {children}
    </Avatar>
  );
}
