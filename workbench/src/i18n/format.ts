/** Dates as the user reads them: local time, without seconds. */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** The date part of an ISO timestamp (YYYY-MM-DD). */
export function formatDate(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '';
}

/** A name kept in both languages, in the reader's: the English one in en-US when there is one, else the Chinese one. */
export function localName(locale: string, zh: string | null | undefined, en: string | null | undefined): string {
  return (locale === 'en-US' && en ? en : zh) ?? '';
}
