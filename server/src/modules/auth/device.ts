import Bowser from 'bowser';

/** 'Chrome on Linux', 'Safari on iOS (mobile)'; 'Unknown device' when the user agent says nothing useful. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  try {
    const parsed = Bowser.parse(userAgent);
    const browser = parsed.browser.name;
    const os = parsed.os.name;
    const type = parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' ? ` (${parsed.platform.type})` : '';
    if (!browser && !os) return 'Unknown device';
    return `${browser ?? 'A browser'}${os ? ` on ${os}` : ''}${type}`;
  } catch {
    return 'Unknown device';
  }
}
