import type { Browser, CDPSession, Page } from 'playwright-core';

// The main thread's long tasks during one action, from a Chromium performance trace
// (devtools.timeline): each task over 50 ms with the time of what it did (script, style,
// layout, garbage collection), so a long task is named by its cause, not only by its length.

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

export interface TracedTask {
  ms: number;
  /** [what, ms] inside the task (outermost events of each kind), most first. */
  parts: [string, number][];
  /** [function at script:line, self ms] from the profiler's samples inside the task, most first. */
  functions: [string, number][];
}

/** What CDP's Profiler.stop answers. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time by function of the samples between `from` and `to` (µs, the trace's clock). */
function functionsBetween(profile: CpuProfile, from: number, to: number): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const sums = new Map<string, number>();
  let at = profile.startTime;
  (profile.samples ?? []).forEach((id, index) => {
    at += profile.timeDeltas?.[index] ?? 0;
    const ms = (profile.timeDeltas?.[index + 1] ?? 0) / 1000;
    const frame = byId.get(id);
    if (at < from || at > to || !frame) return;
    const name = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}` : ''}`;
    sums.set(name, (sums.get(name) ?? 0) + ms);
  });
  return [...sums.entries()].sort((a, b) => b[1] - a[1]);
}

const PARTS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.compile': 'compile',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  'V8.GC_SCAVENGER': 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  Paint: 'paint',
  ParseHTML: 'parse',
};

/** Runs `action` under a trace and returns the renderer main thread's tasks longer than `overMs`. */
export async function tracedLongTasks(browser: Browser, page: Page, session: CDPSession, action: () => Promise<void>, overMs = 50): Promise<TracedTask[]> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'] });
  await session.send('Profiler.start');
  await action();
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await session.send('Profiler.disable');
  const buffer = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const onMain = traceEvents.filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined);
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) / 1000 > overMs);
  const traced = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && PARTS[event.name]);
    const parts = new Map<string, number>();
    // Outermost only per kind: a layout forced inside a script counts as layout and is taken out of the script.
    const counted: TraceEvent[] = [];
    for (const event of inside.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
      const kind = PARTS[event.name] ?? '';
      const within = counted.find((outer) => PARTS[outer.name] === kind && event.ts >= outer.ts && event.ts + (event.dur ?? 0) <= outer.ts + (outer.dur ?? 0));
      if (within) continue;
      counted.push(event);
      parts.set(kind, (parts.get(kind) ?? 0) + (event.dur ?? 0) / 1000);
    }
    // Style, layout and gc run inside scripts (forced): they are shown apart, so the script's own share is what is left.
    const script = parts.get('script') ?? 0;
    const nested = ['style', 'layout', 'gc', 'compile'].reduce((sum, kind) => sum + (parts.get(kind) ?? 0), 0);
    if (script > 0) parts.set('script', Math.max(0, script - nested));
    return { ms: (task.dur ?? 0) / 1000, parts: [...parts.entries()].sort((a, b) => b[1] - a[1]), functions: functionsBetween(profile, task.ts, end) };
  });
  // A task with none of the page's work in it is the trace starting.
  return traced.filter((task) => task.parts.length > 0);
}
