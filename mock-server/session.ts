// The `_session_` cookie (docs/drone-api.md 1.3, 4.10). Drone stores the login in an authcookie signed
// with the server secret; the mock does the same with HMAC-SHA256 under a secret of its own: a
// random one per database (a standalone start, a fresh browser demo, a test's scenario), or the
// one the standalone server is given. A secret in public source would let anyone forge an admin
// session on a shared demo.
import { hmacSha256Hex } from './hmac';

export const SESSION_COOKIE = '_session_';

/** 32 random bytes as hex. */
export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let secret = randomSecret();

/** The secret sessions are signed with (kept in a browser demo's snapshot across reloads). */
export const sessionSecret = () => secret;

/** Signs sessions with `next` from now on; cookies signed before are refused. */
export function setSessionSecret(next: string): void {
  if (!next) throw new Error('the session secret must not be empty');
  secret = next;
}

const signature = (login: string) => hmacSha256Hex(secret, login);

/** Compares in a time that does not tell where the strings differ. */
function sameText(left: string, right: string): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let i = 0; i < left.length; i++) difference |= left.charCodeAt(i) ^ right.charCodeAt(i);
  return difference === 0;
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
  if (login === undefined || !sameText(signature(login), value.slice(dot + 1))) return undefined;
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
