/** Builds core once (main.tsx): the HTTP client, the live channel, the browser tab, files. */
import type { Core } from './feature.js';
import { browserFiles } from './files.js';
import { createHttp } from './http.js';
import { browserPage } from './page.js';
import { StaffSocket } from './staffSocket.js';

export function createCore(win: Window, baseTitle: () => string): Core {
  const socket = new StaffSocket();
  return {
    http: createHttp(),
    socket,
    page: browserPage(win.document, baseTitle),
    files: browserFiles(win),
    stores: [socket.link],
  };
}
