import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_CONNECTION_STATE, useConnectionStore } from '../../../src/renderer/core/connection/connectionStore.js';
import { StatusSender } from '../../../src/renderer/station/statusSender.js';
import { STATUS_ACK_TIMEOUT_MS } from '../../../src/shared/constants.js';
import { fakeConnection, STATION, silentLog } from '../support/fakes.js';

function setup() {
  const { connection, sockets } = fakeConnection({ random: () => 0 });
  const sender = new StatusSender({ connection, getStation: () => STATION, now: () => new Date(0), log: silentLog });
  const latest = () => sockets.at(-1)!;
  /** Statuses sent over every socket so far, in order. */
  const sent = () =>
    sockets.flatMap((s) =>
      s.emitted.filter((e) => e.event === 'station_status_update').map((e) => (e.args[0] as { status: string }).status),
    );
  const ack = (status: string, stationId = STATION.stationId) => latest().fire('stationStatusAck', { stationId, status });
  return { connection, sender, sockets, latest, sent, ack };
}

describe('status sender (SPEC §4, §9: ack timeout 5 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE });
  });
  afterEach(() => vi.useRealTimers());

  it("holds 'available' until the app is ready; other statuses go as soon as connected", () => {
    const { connection, sender, latest, sent } = setup();
    connection.connect(STATION);
    latest().fire('connect');
    sender.report('available');
    expect(sent()).toEqual([]);
    sender.markReady();
    expect(sent()).toEqual(['available']);
    sender.report('in_use');
    expect(sent()).toEqual(['available', 'in_use']);
    expect(latest().emitted.at(-1)!.args[0]).toEqual({
      status: 'in_use',
      timestamp: new Date(0).toISOString(),
      stationId: STATION.stationId,
      macAddress: STATION.macAddress,
    });
    sender.dispose();
  });

  it('re-sends a non-available status every 5 000 ms until stationStatusAck arrives', () => {
    const { connection, sender, latest, sent, ack } = setup();
    connection.connect(STATION);
    latest().fire('connect');
    sender.markReady();
    sender.report('maintenance');
    expect(sent()).toEqual(['maintenance']);
    vi.advanceTimersByTime(STATUS_ACK_TIMEOUT_MS - 1);
    expect(sent()).toEqual(['maintenance']);
    vi.advanceTimersByTime(1);
    expect(sent()).toEqual(['maintenance', 'maintenance']);
    vi.advanceTimersByTime(STATUS_ACK_TIMEOUT_MS);
    expect(sent()).toEqual(['maintenance', 'maintenance', 'maintenance']);
    // An ack for another station or another status does not count.
    ack('maintenance', 'station-2');
    ack('reserved');
    vi.advanceTimersByTime(STATUS_ACK_TIMEOUT_MS);
    expect(sent()).toHaveLength(4);
    ack('maintenance');
    vi.advanceTimersByTime(STATUS_ACK_TIMEOUT_MS * 10);
    expect(sent()).toHaveLength(4);
    sender.dispose();
  });

  it("'available' waits for no acknowledgment", () => {
    const { connection, sender, latest, sent } = setup();
    connection.connect(STATION);
    latest().fire('connect');
    sender.markReady();
    sender.report('available');
    vi.advanceTimersByTime(STATUS_ACK_TIMEOUT_MS * 3);
    expect(sent()).toEqual(['available']);
    sender.dispose();
  });

  it('while offline keeps only the latest status and sends it on connect', () => {
    const { connection, sender, latest, sent, ack } = setup();
    sender.markReady();
    connection.connect(STATION);
    sender.report('maintenance');
    sender.report('reserved');
    sender.report('in_use');
    vi.advanceTimersByTime(STATUS_ACK_TIMEOUT_MS * 2);
    expect(sent()).toEqual([]);
    latest().fire('connect');
    expect(sent()).toEqual(['in_use']);
    ack('in_use');
    sender.dispose();
  });

  it('an unacknowledged status lost with the connection is sent again after the reconnect', () => {
    const { connection, sender, latest, sent, sockets } = setup();
    sender.markReady();
    connection.connect(STATION);
    latest().fire('connect');
    sender.report('in_use');
    latest().fire('disconnect', 'transport close');
    vi.advanceTimersByTime(STATUS_ACK_TIMEOUT_MS * 2); // no re-send while offline; reconnect after 1 s
    expect(sockets).toHaveLength(2);
    expect(sent()).toEqual(['in_use']);
    latest().fire('connect');
    expect(sent()).toEqual(['in_use', 'in_use']);
    expect(sender.undelivered).toBe('in_use');
    latest().fire('stationStatusAck', { stationId: STATION.stationId, status: 'in_use' });
    expect(sender.undelivered).toBeNull();
    sender.dispose();
  });

  it('a newer status replaces one still waiting for its ack', () => {
    const { connection, sender, latest, sent } = setup();
    sender.markReady();
    connection.connect(STATION);
    latest().fire('connect');
    sender.report('maintenance');
    sender.report('available');
    vi.advanceTimersByTime(STATUS_ACK_TIMEOUT_MS * 3);
    expect(sent()).toEqual(['maintenance', 'available']);
    sender.dispose();
  });
});

describe('status sender (SPEC §4, skeleton)', () => {
  beforeEach(() => useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE }));

  it("sends 'available' only once ready, and the latest pending status on connect", () => {
    const { connection, sockets } = fakeConnection();
    const sender = new StatusSender({ connection, getStation: () => STATION, now: () => new Date(0) });
    connection.connect(STATION);
    sender.report('maintenance');
    sender.report('available');
    const updates = () => sockets[0]!.emitted.filter((e) => e.event === 'station_status_update');
    sender.markReady();
    expect(updates()).toEqual([]);
    sockets[0]!.fire('connect');
    expect(updates().map((e) => e.args[0])).toEqual([
      { status: 'available', timestamp: new Date(0).toISOString(), stationId: STATION.stationId, macAddress: STATION.macAddress },
    ]);
    sender.dispose();
  });
});
