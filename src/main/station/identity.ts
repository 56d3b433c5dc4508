/**
 * SPEC §1 station identity as the operating system sees it: the hardware
 * (MAC) address and IPv4 address of the network adapter the station talks
 * through, and the PC name. Pure over an injected interface table so it is
 * testable; `readOsIdentity` is the one-line binding to node:os.
 */
import { hostname, networkInterfaces } from 'node:os';
import type { NetworkInterfaceInfo } from 'node:os';

export interface OsIdentity {
  /** Upper-case with colons, or null when no adapter has a hardware address. */
  macAddress: string | null;
  /** IPv4 of the chosen adapter; loopback when there is none. */
  ipAddress: string;
  pcName: string;
}

export type InterfaceTable = NodeJS.Dict<NetworkInterfaceInfo[]>;

const NO_MAC = '00:00:00:00:00:00';
const LOOPBACK_IP = '127.0.0.1';
const FALLBACK_PC_NAME = 'SPAWNPOINT-PC';

/** Names that look like a wired adapter on Linux (eth0, enp3s0, eno1) or Windows ("Ethernet 2"). */
const WIRED = /^(eth|en[opsx]?|em\d|ethernet)/i;
/** Names of virtual adapters: containers, hypervisors, VPNs. Used only as a last resort. */
const VIRTUAL =
  /^(docker|veth|br-|virbr|vmnet|vboxnet|vethernet|tun|tap|tailscale|zt|wg|lo)|virtualbox|vmware|hyper-v|loopback|pseudo/i;

/** AA:BB:CC:DD:EE:FF, whatever case or separator came in. */
export function normalizeMac(mac: string): string {
  return mac.trim().replaceAll('-', ':').toUpperCase();
}

function isIPv4(info: NetworkInterfaceInfo): boolean {
  // Node 18.0–18.3 reported the family as a number.
  return info.family === 'IPv4' || (info.family as unknown) === 4;
}

function rank(name: string): number {
  if (VIRTUAL.test(name)) return 2;
  return WIRED.test(name) ? 0 : 1;
}

interface Candidate {
  name: string;
  mac: string;
  ip: string;
  order: number;
}

/**
 * The first non-internal adapter with an IPv4 address and a non-zero MAC,
 * preferring wired adapters over others and anything over virtual adapters;
 * among equals the OS order is kept. (node:os lists only adapters that are up
 * and have an address.)
 */
export function pickStationIdentity(table: InterfaceTable, host: string): OsIdentity {
  const candidates: Candidate[] = [];
  let order = 0;
  for (const [name, infos] of Object.entries(table)) {
    for (const info of infos ?? []) {
      order += 1;
      if (info.internal || !isIPv4(info)) continue;
      const mac = normalizeMac(info.mac);
      if (mac === NO_MAC || mac === '') continue;
      candidates.push({ name, mac, ip: info.address, order });
    }
  }
  candidates.sort((a, b) => rank(a.name) - rank(b.name) || a.order - b.order);
  const best = candidates[0];
  return {
    macAddress: best?.mac ?? null,
    ipAddress: best?.ip ?? LOOPBACK_IP,
    pcName: host.trim() || FALLBACK_PC_NAME,
  };
}

/** The identity of the machine this process runs on. */
export function readOsIdentity(): OsIdentity {
  return pickStationIdentity(networkInterfaces(), hostname());
}
