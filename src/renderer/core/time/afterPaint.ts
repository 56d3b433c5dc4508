/**
 * Run work after the next frame is on screen: requestAnimationFrame runs
 * just before the frame is painted, and a message posted from it is handled
 * just after. What a screen does not need for its first frame (loading its
 * lists) waits for this. Returns cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function') {
    queueMicrotask(work);
    return () => undefined;
  }
  let cancelled = false;
  let channel: MessageChannel | null = null;
  const frame = requestAnimationFrame(() => {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel?.port1.close();
      if (!cancelled) work();
    };
    channel.port2.postMessage(null);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    channel?.port1.close();
  };
}
