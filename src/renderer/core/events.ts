/**
 * A small typed event emitter: how one feature tells the features that react
 * to it, and how the socket and the shell bridge hand out their messages. A
 * handler that throws is reported to `onError` (when given) and does not stop
 * the others.
 */
export class Emitter<Events extends Record<string, unknown>> {
  private readonly handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  constructor(private readonly onError?: (event: keyof Events, error: unknown) => void) {}

  on<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    const stored = handler as (payload: never) => void;
    set.add(stored);
    return () => {
      set.delete(stored);
    };
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      if (!this.onError) {
        (handler as (p: Events[K]) => void)(payload);
        continue;
      }
      try {
        (handler as (p: Events[K]) => void)(payload);
      } catch (error) {
        this.onError(event, error);
      }
    }
  }
}
