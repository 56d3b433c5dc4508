/** SPEC §7 Media: the cafe logo and login background video, and the files they point at. */
import { z } from 'zod';
import { route, routePath } from './route.js';
import { orElse, orNull } from './tolerant.js';

export const MEDIA_FILE_PATH = '/cafe-settings/media/:name';
/** Where the server's generated game covers are (`/media/thumbnails/<Json_ID>.svg`): never a page of the SPA. */
export const THUMBNAIL_PREFIX = '/media/thumbnails/';

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
  /** SPEC §3: "video with filename, mimeType, downloadUrl"; without an address the file is read from /cafe-settings/media/{name}. */
  response: z.object({
    video: orNull(
      z.object({ filename: orElse(z.string(), ''), mimeType: orElse(z.string(), ''), downloadUrl: orNull(z.string()) }),
    ).transform((video) => {
      if (!video) return null;
      const downloadUrl = video.downloadUrl || (video.filename ? routePath(MEDIA_FILE_PATH, { name: video.filename }) : null);
      return downloadUrl ? { ...video, downloadUrl } : null;
    }),
  }),
});
