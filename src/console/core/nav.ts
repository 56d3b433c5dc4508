/** Which screen is open, kept in the URL hash (#/room, #/inbox…) so reload and Back keep it. */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface Nav {
  store: StoreApi<{ screen: string }>;
  go(screen: string): void;
}

/** `screens`: the screen ids the app lists (app/screens.tsx); an unknown hash opens the first. */
export function createNav(screens: readonly string[], win: Window = window): Nav {
  const fromHash = (hash: string): string => {
    const name = hash.replace(/^#\/?/, '');
    return screens.includes(name) ? name : (screens[0] ?? '');
  };
  const store = createStore<{ screen: string }>(() => ({ screen: fromHash(win.location.hash) }));
  win.addEventListener('hashchange', () => store.setState({ screen: fromHash(win.location.hash) }));
  return {
    store,
    go(screen) {
      win.location.hash = `#/${screen}`;
    },
  };
}
