/**
 * The Squad Hub's service (SPEC §2 Squad Hub, §5 friend code and ping
 * cooldown, §7 Social calls and friend events): loads the hub for a signed-in
 * customer (never a guest), tells the server this station's presence on every
 * change (online, playing the launched game, invisible; offline at logout),
 * and turns friend events into list updates and notifications — all in
 * `onFriendEvent`, the one place a friend event is reacted to.
 */
import {
  acceptFriend,
  declineFriend,
  friendRequests,
  listFriends,
  mutualFriends,
  myFriendCode,
  pingFriend,
  removeFriend,
  sendFriendRequest,
  updatePresence,
} from '../../shared/api/social.js';
import { PRODUCT_NAME } from '../../shared/constants.js';
import type { Friend, PingType, PresenceStatus, StoredSession } from '../../shared/entities.js';
import type { ServerToClientPayloads } from '../../shared/socket/events.js';

type FriendEventPayload = ServerToClientPayloads['friendPingReceived'];
import { isValidFriendCode } from '../../shared/validation/social.js';
import { describeError, toApiError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';
import { pingCooldownMessage, PingCooldowns } from './pingCooldown.js';
import { INITIAL_SQUAD_STATE, requesterOf, useSquadStore, type OwnPresence, type SquadStore } from './squadStore.js';

/** The order friends are listed in: playing, online, then offline; by name within. */
const RANK: Record<Friend['status'], number> = { playing: 0, online: 1, invisible: 2, offline: 2 };
export function sortFriends(friends: readonly Friend[]): Friend[] {
  return [...friends].sort(
    (a, b) => RANK[a.status] - RANK[b.status] || (a.displayName ?? a.username).localeCompare(b.displayName ?? b.username),
  );
}

export type FriendEvent =
  | 'friendRequestReceived'
  | 'friendRequestAccepted'
  | 'friendOnline'
  | 'friendOffline'
  | 'friendStatusChanged'
  | 'friendPingReceived';

/** SPEC §3 local notification types (the dashboard's bell list takes these). */
export interface SquadNotification {
  type: 'friend_request' | 'friend_accepted' | 'ping' | 'status_change';
  title: UiMessage;
  message: UiMessage;
  data?: Record<string, unknown>;
}

export interface SquadServiceDeps {
  api: Pick<ApiClient, 'call'>;
  getSession: () => StoredSession | null;
  /** Where this customer sits, for their friends ("PC-01"). */
  getPlace: () => { stationId: string | null; name: string | null };
  /** The library's name for a game the shell launched. */
  gameName: (jsonId: string) => string | null;
  /** A friend event worth telling: toast now, the bell list once the dashboard has one. */
  notify: (notification: SquadNotification) => void;
  toast: { success(message: UiMessage): void; error(message: UiMessage): void };
  copyText: (text: string) => Promise<void>;
  now?: () => number;
  store?: SquadStore;
  log?: Pick<Console, 'warn'>;
}

/** SPEC §2/§4: guests (isGuest, or a guest_ name) get no friends hub. */
export function isSquadMember(session: StoredSession | null): boolean {
  return session !== null && !session.isGuest && !session.username.startsWith('guest_') && session.userId !== '';
}

const nameOf = (p: { displayName?: string | null; username?: string | null }): string => p.displayName || p.username || '?';

/** What the server said, or the catalog's generic failure. */
function failure(error: unknown): UiMessage {
  const api = toApiError(error);
  return api.serverMessage ? { text: api.serverMessage } : { key: 'squad.failed' };
}

export class SquadService {
  readonly cooldowns: PingCooldowns;
  private readonly store: SquadStore;
  private readonly log: Pick<Console, 'warn'>;
  /** Bumped when the customer changes: answers for an earlier one are dropped. */
  private generation = 0;

  constructor(private readonly deps: SquadServiceDeps) {
    this.store = deps.store ?? useSquadStore;
    this.log = deps.log ?? console;
    this.cooldowns = new PingCooldowns(deps.now ?? Date.now);
  }

  private member(): boolean {
    return isSquadMember(this.deps.getSession());
  }

  /** The dashboard is showing (or a session started): load the hub and say we are here. */
  async open(): Promise<void> {
    if (!this.member()) {
      this.store.setState({ status: 'off' });
      return;
    }
    if (this.store.getState().status === 'off') this.store.setState({ status: 'loading' });
    await Promise.all([this.load(), this.publishPresence()]);
  }

  async load(): Promise<void> {
    const generation = this.generation;
    try {
      // The friends list is the hub; the code and the requests each fail on their own (a server without one still shows the rest).
      const [code, friends, requests] = await Promise.all([
        this.deps.api.call(myFriendCode).catch((error: unknown) => this.partFailed('friend code', error, null)),
        this.deps.api.call(listFriends),
        this.deps.api.call(friendRequests).catch((error: unknown) => this.partFailed('friend requests', error, [])),
      ]);
      if (generation !== this.generation) return;
      this.store.setState({ status: 'ready', friendCode: code?.friendCode ?? null, friends: sortFriends(friends), requests });
      const requesters = requests.map(requesterOf).filter((id): id is string => id !== undefined);
      void this.loadMutual([...friends.map((f) => f.id), ...requesters]);
    } catch (error) {
      this.log.warn(`[squad] could not load the hub: ${describeError(error)}`);
      if (generation === this.generation) this.store.setState({ status: 'error' });
    }
  }

  private partFailed<T>(part: string, error: unknown, fallback: T): T {
    this.log.warn(`[squad] could not load the ${part}: ${describeError(error)}`);
    return fallback;
  }

  async refreshFriends(): Promise<void> {
    if (!this.member()) return;
    const generation = this.generation;
    try {
      const friends = await this.deps.api.call(listFriends);
      if (generation === this.generation) this.store.setState({ friends: sortFriends(friends) });
    } catch (error) {
      this.log.warn(`[squad] could not refresh friends: ${describeError(error)}`);
    }
  }

  async refreshRequests(): Promise<void> {
    if (!this.member()) return;
    const generation = this.generation;
    try {
      const requests = await this.deps.api.call(friendRequests);
      if (generation === this.generation) this.store.setState({ requests });
    } catch (error) {
      this.log.warn(`[squad] could not refresh requests: ${describeError(error)}`);
    }
  }

  private async loadMutual(userIds: string[]): Promise<void> {
    const generation = this.generation;
    const counts = await Promise.all(
      userIds.map((id) =>
        this.deps.api.call(mutualFriends, { params: { id } }).then(
          (list) => [id, list.length] as const,
          () => null,
        ),
      ),
    );
    if (generation !== this.generation) return;
    const mutual = { ...this.store.getState().mutual };
    for (const entry of counts) if (entry) mutual[entry[0]] = entry[1];
    this.store.setState({ mutual });
  }

  /** Add by code: SPEC §5 exactly 7 digits starting with 7. True when the request went out. */
  async addFriend(code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (!isValidFriendCode(trimmed)) {
      this.store.setState({ addError: { key: 'squad.codeInvalid' } });
      return false;
    }
    this.store.setState({ busy: true, addError: null });
    try {
      await this.deps.api.call(sendFriendRequest, { body: { friendCode: trimmed } });
      this.deps.toast.success({ key: 'squad.requestSent' });
      return true;
    } catch (error) {
      this.store.setState({ addError: failure(error) });
      return false;
    } finally {
      this.store.setState({ busy: false });
    }
  }

  async answer(requestId: string, accept: boolean): Promise<void> {
    this.store.setState({ busy: true });
    try {
      await this.deps.api.call(accept ? acceptFriend : declineFriend, { params: { id: requestId } });
      this.store.setState((s) => ({ requests: s.requests.filter((r) => r.id !== requestId) }));
      if (accept) await this.refreshFriends();
    } catch (error) {
      this.deps.toast.error(failure(error));
      await this.refreshRequests();
    } finally {
      this.store.setState({ busy: false });
    }
  }

  async remove(friendId: string): Promise<void> {
    this.store.setState({ busy: true });
    try {
      await this.deps.api.call(removeFriend, { params: { id: friendId } });
      this.store.setState((s) => ({ friends: s.friends.filter((f) => f.id !== friendId) }));
    } catch (error) {
      this.deps.toast.error(failure(error));
    } finally {
      this.store.setState({ busy: false });
    }
  }

  togglePing(friendId: string): void {
    this.store.setState((s) => ({ pingOpenFor: s.pingOpenFor === friendId ? null : friendId }));
  }

  /** SPEC §5: one ping per friend every 5 s, refused here with the SPEC's text before the server is asked. */
  async ping(friendId: string, type: PingType): Promise<boolean> {
    const left = this.cooldowns.secondsLeft(friendId);
    if (left > 0) {
      this.note(friendId, pingCooldownMessage(left));
      return false;
    }
    this.cooldowns.record(friendId);
    const friend = this.store.getState().friends.find((f) => f.id === friendId);
    try {
      const message = type === 'game_invite' && this.store.getState().currentGame ? this.store.getState().currentGame! : '';
      await this.deps.api.call(pingFriend, { body: { receiverId: friendId, type, message } });
      this.note(friendId, { key: 'squad.pingSent', values: { name: friend ? nameOf(friend) : '' } });
      this.store.setState({ pingOpenFor: null });
      return true;
    } catch (error) {
      const api = toApiError(error);
      if (api.status === 429) {
        const seconds = Number(/Wait (\d+)s/.exec(api.serverMessage ?? '')?.[1] ?? 5);
        this.cooldowns.wait(friendId, seconds);
        this.note(friendId, pingCooldownMessage(seconds));
      } else {
        this.note(friendId, failure(error));
      }
      return false;
    }
  }

  private note(friendId: string, message: UiMessage): void {
    this.store.setState((s) => ({ friendNotes: { ...s.friendNotes, [friendId]: message } }));
  }

  async copyCode(): Promise<void> {
    const code = this.store.getState().friendCode;
    if (!code) return;
    try {
      await this.deps.copyText(code);
      this.deps.toast.success({ key: 'squad.copied' });
    } catch {
      this.deps.toast.error({ key: 'squad.failed' });
    }
  }

  toggleCollapsed(): void {
    this.store.setState((s) => ({ collapsed: !s.collapsed }));
  }

  async setPresence(presence: OwnPresence): Promise<void> {
    this.store.setState({ presence });
    await this.publishPresence();
  }

  /** The shell launched a game for this customer: friends see it (SPEC §4 presence). */
  gameLaunched(jsonId: string): void {
    this.store.setState({ currentGame: this.deps.gameName(jsonId) ?? jsonId });
    void this.publishPresence();
  }

  gameClosed(): void {
    if (this.store.getState().currentGame === null) return;
    this.store.setState({ currentGame: null });
    void this.publishPresence();
  }

  /** PUT /social/presence with what this station knows now (SPEC §7). */
  async publishPresence(status?: PresenceStatus): Promise<void> {
    if (!this.member()) return;
    const { presence, currentGame } = this.store.getState();
    const place = this.deps.getPlace();
    const said: PresenceStatus = status ?? (presence === 'invisible' ? 'invisible' : currentGame ? 'playing' : 'online');
    try {
      await this.deps.api.call(updatePresence, {
        body: {
          status: said,
          brandId: PRODUCT_NAME,
          cafeName: place.name,
          stationId: place.stationId,
          currentGame: said === 'playing' ? currentGame : null,
        },
      });
    } catch (error) {
      this.log.warn(`[squad] could not update presence: ${describeError(error)}`);
    }
  }

  /** SPEC §4 logout: friends see us offline (sent while the token still works). */
  signOff(): void {
    void this.publishPresence('offline');
  }

  /** The customer is gone: nothing of theirs stays on screen. */
  clear(): void {
    this.generation += 1;
    this.cooldowns.clear();
    this.store.setState({ ...INITIAL_SQUAD_STATE, collapsed: this.store.getState().collapsed });
  }

  /**
   * The one reaction to a friend event (SPEC §7): the lists follow the server,
   * and requests, acceptances and pings become notifications.
   */
  onFriendEvent(event: FriendEvent, payload: FriendEventPayload): void {
    if (!this.member()) return;
    const name = nameOf(payload);
    switch (event) {
      case 'friendRequestReceived':
        void this.refreshRequests();
        this.deps.notify({
          type: 'friend_request',
          title: { key: 'squad.notify.requestTitle' },
          message: { key: 'squad.notify.request', values: { name } },
          data: { ...payload },
        });
        return;
      case 'friendRequestAccepted':
        void this.refreshFriends();
        this.deps.notify({
          type: 'friend_accepted',
          title: { key: 'squad.notify.acceptedTitle' },
          message: { key: 'squad.notify.accepted', values: { name } },
          data: { ...payload },
        });
        return;
      case 'friendPingReceived': {
        this.deps.notify({ type: 'ping', title: { key: 'squad.notify.pingTitle' }, message: pingText(name, payload), data: { ...payload } });
        return;
      }
      default:
        // friendOnline / friendOffline / friendStatusChanged: the list follows (a removal too).
        void this.refreshFriends();
        // A withdrawn request leaves the requests as well.
        if (event === 'friendOffline' && payload.removed) void this.refreshRequests();
    }
  }
}

function pingText(name: string, ping: FriendEventPayload): UiMessage {
  if (ping.type === 'location' && ping.stationNumber !== undefined) {
    return { key: 'squad.notify.pingLocation', values: { name, number: ping.stationNumber } };
  }
  const game = ping.currentGame || ping.message;
  if (ping.type === 'game_invite' && game) return { key: 'squad.notify.pingInvite', values: { name, game } };
  return ping.message ? { key: 'squad.notify.pingMessage', values: { name, message: ping.message } } : { key: 'squad.notify.ping', values: { name } };
}
