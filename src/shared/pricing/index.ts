/** Pricing (issue 26): the price list, the rate in force, the cost of play, packages. Pure: no I/O, no clock. */
export * from './types.js';
export * from './calendar.js';
export * from './rates.js';
export * from './meter.js';
export * from './packages.js';
export * from './validate.js';
export * from './offline.js';
