/** The catalogue's pure rules: the WiFi QR's join text. */

/** The WiFi join text (the ZXing format phones read), special characters escaped. */
export function wifiJoinText(ssid: string, password: string, security: 'WPA' | 'WEP' | 'nopass'): string {
  const escape = (s: string) => s.replace(/([\\;,:"])/g, '\\$1');
  return security === 'nopass' ? `WIFI:T:nopass;S:${escape(ssid)};;` : `WIFI:T:${security};S:${escape(ssid)};P:${escape(password)};;`;
}

/** Whether a group name is another group's already (names compare trimmed, case-folded). */
export function nameIsTaken(groups: readonly { id: string; name: string }[], name: string, except?: string): boolean {
  return groups.some((g) => g.id !== except && g.name.trim().toLowerCase() === name.trim().toLowerCase());
}
