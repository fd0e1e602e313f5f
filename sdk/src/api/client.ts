import type { ErrorCode } from '@fmea/core/errors';
import { currentLocale } from '../i18n/index.ts';

/**
 * The one API client (spec 000 §7–§8). Every call sends the token header,
 * the language header and a timestamp; answers are the envelope
 * `{ meta: { success, code, message }, data }`.
 * - success: the data is returned.
 * - failure: rejects with ApiError carrying the server's translated message.
 * - 401 or `sessionExpired`: the session is gone; the user is signed out and
 *   the page reloads to the login (the spec's "non-500 failure logs out" read
 *   as authentication failures: a validation error must not sign anyone out).
 * - blob downloads count as success.
 *
 * This is the transport. Code calls the API through the typed client over it
 * (`typed-client.ts`, the SDK's `api`), which names each route by its path and
 * takes its request and answer types from the route definitions.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * The domain's error kind (`conflict`, `not_found`, `not_allowed`, …) as core names it, so a
   * screen reacts to what went wrong rather than to an HTTP status; undefined when the answer
   * did not come from the API (a proxy's page, a network error).
   */
  get errorCode(): ErrorCode | undefined {
    const code = (this.data as { code?: unknown } | null)?.code;
    return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : undefined;
  }

  /** The catalog key of the message, e.g. `import.columns_unmapped`. */
  get messageKey(): string | undefined {
    const key = (this.data as { messageKey?: unknown } | null)?.messageKey;
    return typeof key === 'string' ? key : undefined;
  }

  /** Row- or field-level problems the server listed (imports, forms). */
  get issues(): { messageKey: string; field?: string; row?: number }[] {
    const data = this.data as { issues?: { messageKey: string; field?: string; row?: number }[] } | null;
    return data?.issues ?? [];
  }
}

const ERROR_CODES = ['invalid_input', 'unauthenticated', 'not_allowed', 'not_found', 'conflict', 'invalid_transition'] as const satisfies readonly ErrorCode[];

export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // a quota error just means the token lives in the cookie only
  }
}

type Query = Record<string, unknown>;

/** The parts of a multipart upload: files (one or several under the same name) and text fields. */
export type UploadParts = Record<string, File | readonly File[] | string | number | boolean | undefined | null>;

let onSessionLost: () => void = () => {
  setToken(null);
  window.location.assign('/');
};

/** The session store installs the real sign-out (clears stores, then reloads). */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

function url(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  params.set('timestamp', String(Date.now()));
  // a path that already carries a query keeps it
  return `${path}${path.includes('?') ? '&' : '?'}${params}`;
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const token = getToken();
  return { lang: currentLocale(), ...(token ? { token } : {}), ...extra };
}

async function handle<T>(res: Response): Promise<T> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    if (res.ok) return (await res.blob()) as T;
    throw new ApiError(res.statusText || String(res.status), res.status, res.status, null);
  }
  const body = (await res.json()) as { meta?: { success: boolean; code: number; message: string }; data: unknown };
  const meta = body.meta ?? { success: res.ok, code: res.status, message: '' };
  if (meta.success) return body.data as T;
  if (res.status === 401 || meta.message === 'sessionExpired') onSessionLost();
  throw new ApiError(meta.message, res.status, meta.code, body.data);
}

const postedListeners = new Set<(path: string) => void>();

/**
 * Listens to every POST this tab made that succeeded (a write went through):
 * views summarising data the writes change, like the FMEA checks indicator,
 * read again. Other tabs' writes arrive as change notices instead.
 */
export function onPosted(listener: (path: string) => void): () => void {
  postedListeners.add(listener);
  return () => postedListeners.delete(listener);
}

const posted = <T>(path: string, data: T): T => {
  for (const listener of postedListeners) listener(path);
  return data;
};

export const http = {
  /** `signal` cancels a request whose answer is no longer wanted (e.g. a superseded search). */
  async get<T>(path: string, query?: Query, options: { signal?: AbortSignal } = {}): Promise<T> {
    return handle<T>(await fetch(url(path, query), { headers: headers(), credentials: 'same-origin', signal: options.signal }));
  },
  async post<T>(path: string, body: unknown = {}, query?: Query): Promise<T> {
    const data = await handle<T>(
      await fetch(url(path, query), {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
        credentials: 'same-origin',
      }),
    );
    return posted(path, data);
  },
  /** Multipart upload: each file under its part's name (a list repeats the name), every other value as a text field. */
  async upload<T>(path: string, parts: UploadParts): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (value === undefined || value === null) continue;
      if (value instanceof File) form.append(name, value);
      else if (Array.isArray(value)) for (const file of value as readonly File[]) form.append(name, file);
      else form.append(name, String(value));
    }
    return posted(path, await handle<T>(await fetch(url(path), { method: 'POST', headers: headers(), body: form, credentials: 'same-origin' })));
  },
  /** Downloads a file and hands it to the browser under `fileName`. */
  async download(path: string, fileName: string, query?: Query): Promise<void> {
    const blob = await handle<Blob>(await fetch(url(path, query), { headers: headers(), credentials: 'same-origin' }));
    const href = URL.createObjectURL(blob);
    const a = Object.assign(document.createElement('a'), { href, download: fileName });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  },
};

export type Http = typeof http;
