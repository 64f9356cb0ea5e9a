// CPU profile of a bench step (CDP Profiler on the page): the top functions by self time, to say where a frame's
// time goes; the whole profile is written beside the results (open it in Chromium's performance panel).
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

export async function profiled<T>(cdp: CDPSession, file: string, fn: () => Promise<T>, topN = 15): Promise<{ value: T; top: { fn: string; selfMs: number; share: number }[] }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const value = await fn();
  const { profile } = await cdp.send('Profiler.stop') as unknown as { profile: Profile };
  writeFileSync(file, JSON.stringify(profile));
  const byNode = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const n = byNode.get(id)!;
    const file = n.callFrame.url.split('/').pop() ?? '';
    const key = `${n.callFrame.functionName || '(anonymous)'} ${file}${file ? `:${n.callFrame.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = (profile.endTime - profile.startTime) / 1000;
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, topN).map(([k, ms]) => ({ fn: k, selfMs: Math.round(ms), share: Math.round((ms / total) * 1000) / 10 }));
  return { value, top };
}
