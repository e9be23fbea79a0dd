import { useState } from 'react';
import { isRequestableImage } from '../../api/urls';
import { hasInvisibles, showInvisibles } from '../../text/invisibles';
import { styled } from './theme';

const palette = ['#0b5cad', '#1a7f37', '#8250df', '#bc4c00', '#cf222e', '#0550ae', '#116329'];

function colorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

const Circle = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '$round',
  overflow: 'hidden',
  flexShrink: 0,
  // An image and an initial sit alike in a line or a table cell: no baseline of their own.
  verticalAlign: 'middle',
  color: '#fff',
  fontWeight: 700,
  img: { width: '100%', height: '100%', objectFit: 'cover' },
});

/**
 * docs/spec.md 2.1: an avatar whose image fails to load falls back to a coloured initial; so does one
 * whose URL is not requested at all (credentials in it, not http(s)).
 */
export function Avatar({ src, name, size = 28 }: { src?: string; name: string; size?: number }) {
  // Which URL failed is presentation state of this element, not domain state.
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const showImage = isRequestableImage(src) && failedSrc !== src;
  // A name may start with an invisible character (U+202E...): the initial is the first that shows.
  const initial = [...name].find((char) => char.trim() !== '' && !hasInvisibles(char)) ?? '?';
  const label = showInvisibles(name);
  return (
    <Circle
      css={{ width: size, height: size, fontSize: size / 2.2, backgroundColor: colorFor(name) }}
      data-testid="avatar"
    >
      {showImage ? (
        // The avatar's host learns nothing of where the user is in the console.
        <img src={src} alt={label} referrerPolicy="no-referrer" onError={() => setFailedSrc(src)} />
      ) : (
        <span role="img" aria-label={label}>
          {initial.toUpperCase()}
        </span>
      )}
    </Circle>
  );
}
