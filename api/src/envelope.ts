/** The spec's response envelope (000 §7): `{ meta: { success, code, message }, data }`. */
export interface Envelope<T> {
  meta: { success: boolean; code: number; message: string };
  data: T;
}

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { meta: { success: true, code: 200, message }, data };
}

export function fail(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { meta: { success: false, code, message }, data };
}
