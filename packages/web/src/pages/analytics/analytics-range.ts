/** M section 9: the default range runs from the first day of the current month to today (local days). */
export function defaultAnalyticsRange(today: Date): { start: Date; end: Date } {
  return { start: new Date(today.getFullYear(), today.getMonth(), 1), end: today };
}

/** 'YYYY-MM-DD' of a local day (the notifications filter's dates and the subtitle). */
export function localIsoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
