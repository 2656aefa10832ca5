import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The address a per-address limit or budget counts under. IPv4 as it is (an IPv4 address mapped into
 * IPv6 back to its IPv4 form); IPv6 by its /64: one subscriber's line or phone gets a whole /64 and may
 * use any of its 2^64 addresses, so counting single addresses would give every request a fresh allowance.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The request's address for limits and budgets (the one the trusted proxy saw, see TRUST_PROXY), as `addressKey` counts it. */
export const addressOf = (request: FastifyRequest): string => addressKey(request.ip);
