/** Whichever login gate holds the current login (SPEC §4 Login outcomes). */
import { useGateStore } from './gateStore.js';
import { ForcedPasswordChange } from './ForcedPasswordChange.js';
import { TopUpWait } from './TopUpWait.js';
import './gates.css';

export function LoginGates() {
  const held = useGateStore((s) => s.held);
  if (!held) return null;
  if (held.kind === 'password-change') return <ForcedPasswordChange key={held.response.sessionId} />;
  return <TopUpWait key={held.response.sessionId} balance={held.response.user.balance + held.response.user.protectedBalance} />;
}
