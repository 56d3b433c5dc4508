/**
 * The cafe server's certificate inside Electron (session.setCertificateVerifyProc):
 * accepted only when its fingerprint256 is the pinned one; other hosts left to Chromium.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT, CHROMIUM_DECIDES, REJECT, certificateVerdict } from '../../src/main/security/certificate-pin.js';
import { fingerprintOfCertificate, sameFingerprint } from '../../src/main/station/fingerprint.js';
import { selfSignedCertificate } from './support/enrolment-server.js';
import type { TestCertificate } from './support/enrolment-server.js';

let cafe: TestCertificate;
let other: TestCertificate;
beforeAll(async () => {
  [cafe, other] = await Promise.all([selfSignedCertificate(), selfSignedCertificate()]);
});

describe('certificate verdict', () => {
  const pinned = () => ({ serverUrl: 'https://192.168.1.10:4443', pinnedFingerprint: cafe.fingerprint256 });

  it('accepts the cafe server with the pinned certificate, self-signed or not', () => {
    expect(certificateVerdict('192.168.1.10', cafe.cert, pinned())).toBe(ACCEPT);
  });

  it('rejects any other certificate for the cafe server', () => {
    expect(certificateVerdict('192.168.1.10', other.cert, pinned())).toBe(REJECT);
    expect(certificateVerdict('192.168.1.10', 'not a certificate', pinned())).toBe(REJECT);
  });

  it.each([
    ['another host', 'steamcommunity.com', 'https://192.168.1.10:4443', true],
    ['a host that only starts like the server', '192.168.1.100', 'https://192.168.1.10:4443', true],
    ['an http server (no TLS to pin)', '192.168.1.10', 'http://192.168.1.10:4000', true],
    ['nothing pinned yet', '192.168.1.10', 'https://192.168.1.10:4443', false],
  ])('leaves %s to Chromium', (_case, hostname, serverUrl, withPin) => {
    const server = { serverUrl, pinnedFingerprint: withPin ? cafe.fingerprint256 : null };
    expect(certificateVerdict(hostname, other.cert, server)).toBe(CHROMIUM_DECIDES);
  });

  it('matches host names without case and IPv6 literals without brackets', () => {
    expect(certificateVerdict('CAFE.lan', cafe.cert, { serverUrl: 'https://cafe.lan', pinnedFingerprint: cafe.fingerprint256 })).toBe(ACCEPT);
    expect(certificateVerdict('[fd00::10]', other.cert, { serverUrl: 'https://[fd00::10]:4443', pinnedFingerprint: cafe.fingerprint256 })).toBe(REJECT);
  });
});

describe('fingerprints', () => {
  it('are Node fingerprint256 strings, compared without case', () => {
    expect(fingerprintOfCertificate(cafe.cert)).toBe(cafe.fingerprint256);
    expect(cafe.fingerprint256).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/);
    expect(sameFingerprint(cafe.fingerprint256.toLowerCase(), cafe.fingerprint256)).toBe(true);
    expect(sameFingerprint(cafe.fingerprint256, other.fingerprint256)).toBe(false);
    expect(sameFingerprint('AB', 'AB')).toBe(false);
    expect(sameFingerprint(null, null)).toBe(false);
  });
});
