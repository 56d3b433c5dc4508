/**
 * The stations domain as other domains use it (issue 23): find a station, and
 * set its status — written and told to the station in one place (`repo.ts`
 * keeps the queries; the desk, holds and sessions come through here).
 */
export { findStation, setStationStatus, type StatusDeps } from './repo.js';
