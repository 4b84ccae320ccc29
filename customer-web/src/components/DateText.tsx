import { formatLongDate } from '@strongroom/shared';

export function DateText({ value }: { value: string }) {
  return <time dateTime={value}>{formatLongDate(value)}</time>;
}
