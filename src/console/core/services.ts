/**
 * The console's services, built once in main.tsx and handed to the screens
 * through React context. Signing in starts the live channel and the services
 * that listen to it; signing out stops them.
 */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { AuditService } from '../audit/auditService.js';
import { CustomersService } from '../customers/customersService.js';
import { InboxService } from '../inbox/inboxService.js';
import { RoomService } from '../room/roomService.js';
import { SessionService } from '../session/sessionService.js';
import { ShiftsService } from '../shifts/shiftsService.js';
import { StaffService } from '../staff/staffService.js';
import { TodayService } from '../today/todayService.js';
import { createCatalogue, type Catalogue } from '../catalogue/index.js';
import { createHttp, type Http } from './http.js';
import { StaffSocket } from './staffSocket.js';

export interface ConsoleServices {
  http: Http;
  socket: StaffSocket;
  session: SessionService;
  room: RoomService;
  inbox: InboxService;
  customers: CustomersService;
  shifts: ShiftsService;
  audit: AuditService;
  staff: StaffService;
  today: TodayService;
  catalogue: Catalogue;
}

/** A short two-note tone (Web Audio): something new is in the inbox. */
function chime(): void {
  try {
    const audio = new AudioContext();
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + i * 0.15);
      osc.stop(audio.currentTime + i * 0.15 + 0.12);
    }
  } catch {
    // no audio here
  }
}

export function createServices(baseTitle: () => string): ConsoleServices {
  const http = createHttp();
  const socket = new StaffSocket();
  const session = new SessionService(http);
  const room = new RoomService(http, socket);
  const inbox = new InboxService(http, socket, (n) => (document.title = n > 0 ? `(${n}) ${baseTitle()}` : baseTitle()), chime);
  inbox.watchRoom(room.store);
  const services: ConsoleServices = {
    http,
    socket,
    session,
    room,
    inbox,
    customers: new CustomersService(http),
    shifts: new ShiftsService(http),
    audit: new AuditService(http),
    staff: new StaffService(http),
    today: new TodayService(http),
    catalogue: createCatalogue(http, () => session.store.getState().session?.user.role === 'owner'),
  };
  session.onChange((signedIn) => {
    const mustEnrol = session.store.getState().session?.mustEnrolTotp ?? false;
    if (signedIn && !mustEnrol) {
      socket.connect();
      void room.start();
      void inbox.start();
    } else {
      room.stop();
      inbox.stop();
      socket.disconnect();
    }
  });
  return services;
}

export const ServicesContext = createContext<ConsoleServices | null>(null);

export function useServices(): ConsoleServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside the console');
  return services;
}

/** A selector on one service's store. */
export function useSlice<S, T>(store: StoreApi<S>, select: (state: S) => T): T {
  return useStore(store, select);
}
