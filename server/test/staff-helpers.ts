import type { LightMyRequestResponse } from 'fastify';
import { URI, type TOTP } from 'otpauth';
import { runCommand } from '../src/operator/commands.js';
import type { TestServer } from './helper.js';
import { multipart } from './chat-helpers.js';

/** A browser's view of the staff console: its cookies (as the server set them) and the CSRF token. */
export interface StaffBrowser {
  cookies: Record<string, string>;
  csrf?: string;
  address?: string;
}

export const newBrowser = (address?: string): StaffBrowser => ({ cookies: {}, address });

export async function operator(server: TestServer, ...args: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runCommand(server.ctx, args, (l) => lines.push(l));
  return lines;
}

/** `staff add`: the one-time password is the last line it prints. */
export async function addStaff(server: TestServer, username: string, role: string): Promise<string> {
  const lines = await operator(server, 'staff', 'add', username, role);
  return lines.at(-1)!;
}

/** One staff call as the console makes it: the cookies it holds, the CSRF header unless told not to. */
export async function staffCall(
  server: TestServer,
  browser: StaffBrowser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const res = await server.app.inject({
    method,
    url: `/api/staff${url}`,
    cookies: browser.cookies,
    headers: {
      ...(browser.csrf && method !== 'GET' ? { 'x-csrf-token': browser.csrf } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
    ...(browser.address ? { remoteAddress: browser.address } : {}),
  });
  for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    const cleared = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
    if (cleared) delete browser.cookies[c.name];
    else browser.cookies[c.name] = c.value;
  }
  const json = res.headers['content-type']?.toString().includes('json')
    ? (res.json() as { next?: string; staff?: { csrfToken: string } })
    : {};
  if (json.next === 'done' && json.staff) browser.csrf = json.staff.csrfToken;
  return res;
}

/** A file sent as the console's upload forms send it: one multipart field `file`, with the CSRF header. */
export function staffUpload(server: TestServer, browser: StaffBrowser, url: string, bytes: Buffer, fileName: string) {
  const file = multipart(bytes, fileName);
  return server.app.inject({
    method: 'POST',
    url: `/api/staff${url}`,
    cookies: browser.cookies,
    headers: { 'x-csrf-token': browser.csrf!, 'content-type': file.headers['content-type'] },
    payload: file.payload,
  });
}

/** The authenticator app: the TOTP of an enrolment's otpauth:// URI, its code at the test clock's time. */
export const authenticator = (otpauthUri: string) => URI.parse(otpauthUri) as TOTP;
export const codeAt = (totp: TOTP, server: TestServer) => totp.generate({ timestamp: server.clock.now });

export const STRONG_PASSWORD = 'correct horse battery';

/**
 * A staff member added by the CLI who went through the whole first sign-in (own password, TOTP: every
 * role enrols): the browser holds the session; the TOTP is the authenticator for later sign-ins.
 */
export async function signedIn(server: TestServer, username: string, role: string, address?: string) {
  const oneTime = await addStaff(server, username, role);
  const browser = newBrowser(address);
  await staffCall(server, browser, 'POST', '/auth/sign-in', { username, password: oneTime });
  const step = (await staffCall(server, browser, 'POST', '/auth/password', { newPassword: STRONG_PASSWORD })).json() as {
    next: string;
    otpauthUri?: string;
  };
  if (step.next !== 'enrol-totp') throw new Error(`the first sign-in asked ${step.next}, not the TOTP enrolment`);
  const totp = authenticator(step.otpauthUri!);
  const done = await staffCall(server, browser, 'POST', '/auth/totp', { code: codeAt(totp, server) });
  if (done.statusCode !== 200) throw new Error(`enrolment failed: ${done.body}`);
  // the next code is of the next 30 s step: a code is accepted once
  server.clock.now += 30_000;
  return { browser, totp };
}
