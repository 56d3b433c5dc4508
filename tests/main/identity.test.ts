import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { normalizeMac, pickStationIdentity } from '../../src/main/station/identity.js';
import type { InterfaceTable } from '../../src/main/station/identity.js';

function v4(address: string, mac: string, internal = false): NetworkInterfaceInfo {
  return { address, mac, internal, family: 'IPv4', netmask: '255.255.255.0', cidr: `${address}/24` };
}
function v6(address: string, mac: string): NetworkInterfaceInfo {
  return { address, mac, internal: false, family: 'IPv6', netmask: 'ffff::', cidr: `${address}/64`, scopeid: 0 };
}
const lo = v4('127.0.0.1', '00:00:00:00:00:00', true);

describe('pickStationIdentity', () => {
  it('skips loopback and picks the adapter, upper-casing the MAC', () => {
    const table: InterfaceTable = { lo: [lo], eth0: [v4('192.168.1.20', 'aa:bb:cc:dd:ee:01')] };
    expect(pickStationIdentity(table, 'PC-07')).toEqual({
      macAddress: 'AA:BB:CC:DD:EE:01',
      ipAddress: '192.168.1.20',
      pcName: 'PC-07',
    });
  });

  it('prefers a wired adapter over Wi-Fi even when Wi-Fi comes first', () => {
    const table: InterfaceTable = {
      wlan0: [v4('10.0.0.5', '11:11:11:11:11:11')],
      enp3s0: [v4('192.168.1.21', '22:22:22:22:22:22')],
    };
    expect(pickStationIdentity(table, 'pc').macAddress).toBe('22:22:22:22:22:22');
  });

  it('recognises Windows adapter names and puts virtual adapters last', () => {
    const table: InterfaceTable = {
      'vEthernet (WSL)': [v4('172.20.0.1', '33:33:33:33:33:33')],
      'Wi-Fi': [v4('10.0.0.9', '44:44:44:44:44:44')],
      'Ethernet 2': [v4('192.168.0.30', '55:55:55:55:55:55')],
    };
    expect(pickStationIdentity(table, 'PC').ipAddress).toBe('192.168.0.30');
    delete table['Ethernet 2'];
    expect(pickStationIdentity(table, 'PC').ipAddress).toBe('10.0.0.9');
  });

  it('uses a virtual adapter when it is the only one, e.g. docker0', () => {
    const table: InterfaceTable = { lo: [lo], docker0: [v4('172.17.0.1', '02:42:ac:11:00:01')] };
    expect(pickStationIdentity(table, 'pc').macAddress).toBe('02:42:AC:11:00:01');
  });

  it('ignores zero MACs and IPv6-only entries, keeping the IPv4 of a dual-stack adapter', () => {
    const table: InterfaceTable = {
      tun0: [v4('10.8.0.2', '00:00:00:00:00:00')],
      eth1: [v6('fe80::1', 'de:ad:be:ef:00:01'), v4('192.168.5.5', 'de:ad:be:ef:00:01')],
    };
    expect(pickStationIdentity(table, 'pc')).toMatchObject({ macAddress: 'DE:AD:BE:EF:00:01', ipAddress: '192.168.5.5' });
  });

  it('keeps the OS order among equally good adapters', () => {
    const table: InterfaceTable = {
      eth1: [v4('192.168.1.2', '66:66:66:66:66:66')],
      eth0: [v4('192.168.1.1', '77:77:77:77:77:77')],
    };
    expect(pickStationIdentity(table, 'pc').macAddress).toBe('66:66:66:66:66:66');
  });

  it('reports no MAC and the loopback IP when only loopback exists, and a fallback PC name', () => {
    expect(pickStationIdentity({ lo: [lo] }, '  ')).toEqual({
      macAddress: null,
      ipAddress: '127.0.0.1',
      pcName: 'SPAWNPOINT-PC',
    });
  });

  it('normalizes MACs with dashes', () => {
    expect(normalizeMac('aa-bb-cc-dd-ee-ff')).toBe('AA:BB:CC:DD:EE:FF');
  });
});
