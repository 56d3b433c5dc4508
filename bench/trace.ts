/**
 * Where a window of time went, from a Chromium trace (issue 27): between two
 * user-timing marks of the page (e.g. `unlock:event` → `unlock:dashboard-painted`),
 * the CPU time of the renderer's main thread (thread time, so a busy machine
 * that keeps the thread waiting does not count), split into our JavaScript,
 * style and layout, and paint; and the CPU time of the threads that raster
 * and composite (software raster in headless Chromium: tile workers, the
 * compositor, viz). The wall time of the window minus these is time spent
 * waiting (for a CPU, a frame, the network).
 */

export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  cat?: string;
  args?: { name?: string };
}

export interface WindowCost {
  wallMs: number;
  /** The renderer main thread's CPU time in top-level tasks. */
  mainCpuMs: number;
  /** Of it: JavaScript (ours, React's), style + layout, paint (pre-paint, paint, layerize). */
  scriptMs: number;
  styleLayoutMs: number;
  paintMs: number;
  /** CPU of raster and compositing threads (tile workers, compositor, viz) in the window. */
  rasterCpuMs: number;
}

const SCRIPT = new Set(['FunctionCall', 'EvaluateScript', 'v8.run', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame', 'EventDispatch']);
const STYLE_LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'RecalculateStyles']);
const PAINT = new Set(['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'PaintImage', 'CommitLayer']);
const RASTER_THREADS = /CompositorTileWorker|^Compositor$|VizCompositorThread|CrGpuMain/;

/** CPU µs of an event clipped to [from, to] (a share of its thread time as large as its share of wall time inside). */
function clipped(event: TraceEvent, from: number, to: number): number {
  const dur = event.dur ?? 0;
  const cpu = event.tdur ?? dur;
  if (dur <= 0) return 0;
  const inside = Math.min(to, event.ts + dur) - Math.max(from, event.ts);
  return inside <= 0 ? 0 : cpu * Math.min(1, inside / dur);
}

/** Top-level events only of a kind: an event nested in another of the same set is not counted twice. */
function outermost(events: TraceEvent[]): TraceEvent[] {
  const sorted = [...events].sort((a, b) => a.ts - b.ts);
  const out: TraceEvent[] = [];
  let end = -Infinity;
  for (const event of sorted) {
    if (event.ts < end) continue;
    out.push(event);
    end = event.ts + (event.dur ?? 0);
  }
  return out;
}

/**
 * The cost of every window from a `fromMark` to the next `toMark` in the
 * trace (JSON of `browser.stopTracing()`), in order.
 */
export function windowCosts(traceJson: string, fromMark: string, toMark: string): WindowCost[] {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const threadOf = (e: TraceEvent) => threadNames.get(`${e.pid}:${e.tid}`) ?? '';
  const marks = events
    .filter((e) => (e.cat ?? '').includes('blink.user_timing') && (e.name === fromMark || e.name === toMark))
    .sort((a, b) => a.ts - b.ts);
  // The page's main thread: the one that set the marks.
  const main = marks[0] ? `${marks[0].pid}:${marks[0].tid}` : null;
  const complete = events.filter((e) => e.ph === 'X' && typeof e.dur === 'number');
  const onMain = complete.filter((e) => `${e.pid}:${e.tid}` === main);
  const tasks = outermost(onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
  const script = outermost(onMain.filter((e) => SCRIPT.has(e.name)));
  const styleLayout = outermost(onMain.filter((e) => STYLE_LAYOUT.has(e.name)));
  const paint = outermost(onMain.filter((e) => PAINT.has(e.name)));
  const rasterByThread = new Map<string, TraceEvent[]>();
  for (const e of complete) {
    if (!RASTER_THREADS.test(threadOf(e)) || !(e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask' || e.name === 'TaskGraphRunner::RunTask')) continue;
    const key = `${e.pid}:${e.tid}`;
    rasterByThread.set(key, [...(rasterByThread.get(key) ?? []), e]);
  }
  const raster = [...rasterByThread.values()].flatMap(outermost);

  const windows: WindowCost[] = [];
  let from: number | null = null;
  for (const mark of marks) {
    if (mark.name === fromMark) {
      // The first mark of a window opens it (an unlock may mark its event twice).
      from ??= mark.ts;
      continue;
    }
    if (from === null) continue;
    const to = mark.ts;
    const sum = (list: TraceEvent[]) => list.reduce((total, e) => total + clipped(e, from!, to), 0) / 1000;
    windows.push({
      wallMs: (to - from) / 1000,
      mainCpuMs: sum(tasks),
      scriptMs: sum(script),
      styleLayoutMs: sum(styleLayout),
      paintMs: sum(paint),
      rasterCpuMs: sum(raster),
    });
    from = null;
  }
  return windows;
}
