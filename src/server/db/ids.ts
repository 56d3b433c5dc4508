import { randomBytes } from 'node:crypto';

/** A readable prefixed random id: usr_3f9c1a2b7d4e6f80. */
export function newId(
  prefix: 'usr' | 'ses' | 'grp' | 'ann' | 'wifi' | 'cmd' | 'tier' | 'rwd' | 'clm' | 'pcb' | 'aud' | 'sft' | 'hld' | 'pkg' | 'pch' | 'shot',
): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

/** MAC addresses are compared upper case with colons: 02-53-50-… equals 02:53:50:…. */
export function normaliseMac(mac: string): string {
  return mac.trim().toUpperCase().replace(/-/g, ':');
}
