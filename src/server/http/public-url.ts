/**
 * The public base URL when none is configured: the address the server
 * listens on, or — when it listens on every interface — the machine's first
 * LAN IPv4 address (what a phone on the cafe Wi-Fi can reach). Configure
 * --public-url / SPAWNPOINT_PUBLIC_URL in a cafe; the Host header of a
 * request is never used.
 */
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

export function defaultPublicUrl(scheme: 'http' | 'https', address: AddressInfo): string {
  const any = address.address === '0.0.0.0' || address.address === '::';
  const host = any ? (lanAddress() ?? '127.0.0.1') : address.address;
  const shown = host.includes(':') ? `[${host}]` : host;
  return `${scheme}://${shown}:${address.port}`;
}
