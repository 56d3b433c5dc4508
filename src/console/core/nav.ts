/** Which screen is open, kept in the URL hash (#/room, #/inbox…) so reload and Back keep it. */
import { createStore } from 'zustand/vanilla';

export const SCREENS = ['room', 'today', 'inbox', 'customers', 'shifts', 'audit', 'staff', 'setup', 'security'] as const;
export type Screen = (typeof SCREENS)[number];

const fromHash = (hash: string): Screen => {
  const name = hash.replace(/^#\/?/, '');
  return (SCREENS as readonly string[]).includes(name) ? (name as Screen) : 'room';
};

export function createNav() {
  const store = createStore<{ screen: Screen }>(() => ({ screen: fromHash(location.hash) }));
  window.addEventListener('hashchange', () => store.setState({ screen: fromHash(location.hash) }));
  return {
    store,
    go(screen: Screen) {
      location.hash = `#/${screen}`;
    },
  };
}
export type Nav = ReturnType<typeof createNav>;
