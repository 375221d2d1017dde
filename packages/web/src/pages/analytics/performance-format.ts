/** '1 h 02 min 05 s' style text of a duration in seconds (the median time to clear). */
export function durationText(seconds: number | null): string {
  if (seconds === null) {
    return 'No cleared alarms';
  }
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) {
    return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  }
  return minutes > 0 ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${rest} s`;
}

/** 'YYYY-MM-DD' of an ISO instant, in UTC (the analytics days are UTC days). */
export function utcDayOf(iso: string): string {
  return iso.slice(0, 10);
}

/** 'YYYY-MM-DD HH:MM UTC' of an ISO instant. */
export function utcMinuteOf(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
