import type { CSSProperties } from 'react';

// Tabler's "star" outline, filled for the rated part.
const STAR = 'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

/**
 * Five stars showing a whole number of them (read-only). Mantine's Rating is an
 * input (five radio buttons with labels per star): ten result cards of it made
 * the search page's render a long task on a phone, and a read-only display needs
 * none of it. With a label it is one image for assistive technology; without, it
 * is hidden from it (the caller says the rating in words).
 */
export function Stars({ value, label, size = 16 }: { value: number; label?: string; size?: number }) {
  const filled = Math.max(0, Math.min(5, Math.floor(value)));
  const style: CSSProperties = { display: 'inline-flex', gap: 1, flexShrink: 0, lineHeight: 0 };
  return (
    <span style={style} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden focusable="false">
          <path
            d={STAR}
            fill={i < filled ? 'var(--mantine-color-yellow-filled)' : 'var(--mantine-color-gray-3)'}
            stroke="none"
          />
        </svg>
      ))}
    </span>
  );
}
