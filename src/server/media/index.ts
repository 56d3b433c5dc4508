/** The media domain: the logo and background video, and their uploads (which refresh every station). */
import type { Server } from 'socket.io';
import type { Domain } from '../context.js';
import { registerMediaAdminRoutes } from './admin-routes.js';
import { registerMediaRoutes } from './routes.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the station-typed io
export function mediaDomain(options: { mediaDir: string | undefined; io: Server<any, any, any, any> }): Domain {
  return {
    name: 'media',
    register(app, ctx) {
      registerMediaRoutes(app, ctx, options.mediaDir);
      registerMediaAdminRoutes(app, ctx, options.mediaDir, options.io);
    },
  };
}
