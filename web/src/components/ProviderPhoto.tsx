import { useState, type ReactNode } from 'react';
import { Avatar, UnstyledButton, type MantineRadius } from '@mantine/core';
import { useDataSaver } from '../lib/data-saver';

/**
 * A provider's photo at the size it is shown, with its width and height set (no layout shift).
 * With data saver on (issue 35) no photo is downloaded until it is tapped: the initials show,
 * and tapping them loads the photo.
 */
export function ProviderPhoto({
  src,
  name,
  alt = name,
  size,
  radius,
  color = 'teal',
  children,
}: {
  src: string | null | undefined;
  name: string;
  /** The image's text ('' when the name is written beside it). */
  alt?: string;
  size: number;
  radius: MantineRadius | number;
  color?: string;
  /** Initials or an icon, shown without a photo. */
  children?: ReactNode;
}) {
  const saver = useDataSaver();
  const [tapped, setTapped] = useState(false);
  if (src && saver && !tapped) {
    return (
      <UnstyledButton onClick={() => setTapped(true)} aria-label={`Show photo of ${name}`} title="Data saver: tap to show the photo">
        <Avatar size={size} radius={radius} color={color} alt="">
          {children}
        </Avatar>
      </UnstyledButton>
    );
  }
  return (
    <Avatar
      src={src || null}
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
