/** SPEC §7 Media: the cafe logo and login background video, and the files they point at. */
import { z } from 'zod';
import { route } from './route.js';

export const mediaLogo = route({
  method: 'GET',
  path: '/cafe-settings/media/logo',
  auth: 'none',
  response: z.object({
    logo: z.object({ isActive: z.boolean(), filename: z.string(), downloadUrl: z.string() }).nullable(),
  }),
});

export const mediaBackgroundVideo = route({
  method: 'GET',
  path: '/cafe-settings/media/background-video',
  auth: 'none',
  response: z.object({
    video: z
      .object({ filename: z.string(), mimeType: z.string(), downloadUrl: z.string() })
      .nullable(),
  }),
});

export const MEDIA_FILE_PATH = '/cafe-settings/media/:name';
