/** The screenshots domain (issue 24): staff ask for a station's screen, the station uploads it once, staff see it. */
import type { Domain } from '../context.js';
import { registerScreenshotRoutes } from './routes.js';

export const screenshotsDomain: Domain = {
  name: 'screenshots',
  register: registerScreenshotRoutes,
};
