/** SPEC §7 Media: the cafe logo and login background video, and the files they point at. */
import { z } from 'zod';
import { route } from './route.js';
import { orElse, orNull } from './tolerant.js';

export const mediaLogo = route({
  method: 'GET',
  path: '/cafe-settings/media/logo',
  auth: 'none',
  /** SPEC §3: "logo with isActive"; the file's name and address may be left out. */
  response: z.object({
    logo: orNull(z.object({ isActive: z.boolean(), filename: orNull(z.string()), downloadUrl: orNull(z.string()) })),
  }),
});

export const mediaBackgroundVideo = route({
  method: 'GET',
  path: '/cafe-settings/media/background-video',
  auth: 'none',
  response: z.object({
    video: orNull(z.object({ filename: orElse(z.string(), ''), mimeType: orElse(z.string(), ''), downloadUrl: z.string() })),
  }),
});

export const MEDIA_FILE_PATH = '/cafe-settings/media/:name';
