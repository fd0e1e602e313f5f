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

/** A person as the reader sees them: the English name in en-US when they have one, else the real name, else the user name. */
export function personName(locale: string, person: { readonly userName: string; readonly realName?: string | null; readonly realNameEn?: string | null }): string {
  return localName(locale, person.realName, person.realNameEn) || person.userName;
}
