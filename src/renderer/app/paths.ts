/**
 * SPEC §2 paths, apart from the route table so that the entry (main.tsx) can
 * read them without loading the router.
 */
export const ROUTES = {
  splash: '/',
  login: '/login',
  dashboard: '/dashboard',
  store: '/store',
  inputTest: '/mouse-test',
  profile: '/user-profile',
  steamCallback: '/steam-callback',
} as const;
