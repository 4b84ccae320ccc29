import { Avatar } from '@mui/material';
import { apiUrl } from '@strongroom/shared';

function colorFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  // Dark enough for white initials on every hue (WCAG AA for large text).
  return `hsl(${hash % 360} 55% 34%)`;
}

/** The customer's picture, or a generated default: initials on a colour derived from the name. */
/** `decorative`: inside a control that names itself (the account menu button), hidden from assistive technology. */
export function UserAvatar({ firstName, lastName, image, size = 40, decorative = false }: { firstName: string; lastName: string; image?: string | null; size?: number; decorative?: boolean }) {
  const name = `${firstName} ${lastName}`;
  return (
    <Avatar
      src={image ? (image.startsWith('/v1/') ? apiUrl(image) : image) : undefined}
      alt={decorative ? '' : name}
      aria-hidden={decorative || undefined}
      sx={{ width: size, height: size, bgcolor: colorFor(name), color: '#fff', fontSize: size / 2.6, fontWeight: 700 }}
    >
      {`${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase()}
    </Avatar>
  );
}
