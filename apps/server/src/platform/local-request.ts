import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The peer is this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A request that came through a reverse proxy (which connects from loopback too) names its client. */
const proxied = (req: FastifyRequest) =>
  req.headers['x-forwarded-for'] !== undefined ||
  req.headers.forwarded !== undefined ||
  req.headers['x-real-ip'] !== undefined;

/**
 * A request from a program on this machine, not through a proxy: the socket's own peer counts,
 * never X-Forwarded-For (the operator's tools: `npm run backup`, a local metrics scraper).
 */
export const isDirectLocalRequest = (req: FastifyRequest) => isLoopback(req.socket.remoteAddress) && !proxied(req);

/** Compares a presented secret in constant time (its length is not secret). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
