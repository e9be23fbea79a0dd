// The `_session_` cookie (CONTRACT.md 1.3, 4.10). Drone stores the login in an authcookie signed
// with the server secret; the mock keeps the same idea with a deterministic, synchronous
// signature (the value only has to be unforgeable by accident, not by an attacker).

export const SESSION_COOKIE = '_session_';
const SECRET = 'drone-console-mock-server';

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function signature(login: string): string {
  const input = `${SECRET}|${login}`;
  return fnv1a(input, 0x811c9dc5) + fnv1a(input, 0x01234567);
}

// base64url keeps the value cookie-safe whatever the login contains.
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string | undefined {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The cookie value for a login: `<base64url(login)>.<signature>`. */
export function signSession(login: string): string {
  return `${toBase64Url(login)}.${signature(login)}`;
}

/** The login a cookie value vouches for, or undefined when it is malformed or forged. */
export function verifySession(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const login = fromBase64Url(value.slice(0, dot));
  if (login === undefined || signature(login) !== value.slice(dot + 1)) return undefined;
  return login;
}

/** Reads the session login from msw's merged cookies, falling back to the raw Cookie header. */
export function sessionLogin(
  request: Request,
  cookies: Record<string, string> = {},
): string | undefined {
  if (cookies[SESSION_COOKIE]) return verifySession(cookies[SESSION_COOKIE]);
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return verifySession(rest.join('='));
  }
  return undefined;
}

/** Set-Cookie of a successful login (Drone's session.Create; no Secure flag over plain HTTP). */
export function sessionCookie(login: string): string {
  return `${SESSION_COOKIE}=${signSession(login)}; Path=/; Max-Age=2147483647; HttpOnly; SameSite=lax`;
}

/** Set-Cookie of /logout (Drone's session.Delete). */
export const LOGOUT_COOKIE = `${SESSION_COOKIE}=deleted; Path=/; Max-Age=0`;
