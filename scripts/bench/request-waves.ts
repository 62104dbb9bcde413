/**
 * Where a page load's time goes on the network: its requests grouped into waves, from Lighthouse's
 * `network-requests` audit (times observed during the unthrottled load, in ms from navigation start).
 *
 * A request's wave is one more than the highest wave among the requests that had finished before it started: the
 * number of responses in series it may have waited for. On a phone every wave costs at least a round trip, so the
 * count of waves before a page's data arrives is what a request waterfall costs it.
 */

export type NetworkRequest = {
  url: string;
  resourceType?: string | undefined;
  networkRequestTime: number;
  networkEndTime: number;
  transferSize: number;
};

export type Wave = {
  /** 1 is the document. */
  wave: number;
  requests: NetworkRequest[];
  startMs: number;
  endMs: number;
  transferBytes: number;
};

export function requestWaves(requests: readonly NetworkRequest[]): Wave[] {
  // Inline data (the page's icon) is no request on the network.
  const ordered = requests
    .filter((request) => !request.url.startsWith('data:'))
    .sort((a, b) => a.networkRequestTime - b.networkRequestTime);
  const waveOf = new Map<NetworkRequest, number>();
  for (const request of ordered) {
    let before = 0;
    for (const [earlier, wave] of waveOf) {
      if (earlier.networkEndTime <= request.networkRequestTime) before = Math.max(before, wave);
    }
    waveOf.set(request, before + 1);
  }
  const waves = new Map<number, NetworkRequest[]>();
  for (const [request, wave] of waveOf) waves.set(wave, [...(waves.get(wave) ?? []), request]);
  return [...waves.entries()]
    .sort(([a], [b]) => a - b)
    .map(([wave, members]) => ({
      wave,
      requests: members,
      startMs: Math.min(...members.map((request) => request.networkRequestTime)),
      endMs: Math.max(...members.map((request) => request.networkEndTime)),
      transferBytes: members.reduce((total, request) => total + request.transferSize, 0),
    }));
}

/** One line per wave: what it fetched, e.g. `3: 12 scripts, 2 stylesheets (41.2 KB); /api/auth/me` (API calls by
 * address: the audit does not name the method). */
export function describeWaves(waves: readonly Wave[]): string[] {
  return waves.map((wave) => {
    const files = new Map<string, number>();
    const calls: string[] = [];
    for (const request of wave.requests) {
      const path = pathOf(request.url);
      if (path.startsWith('/api/')) calls.push(path);
      else {
        const kind = kindOf(request);
        files.set(kind, (files.get(kind) ?? 0) + 1);
      }
    }
    const fileText = [...files]
      .map(([kind, count]) => `${count} ${count === 1 ? kind : `${kind}s`}`)
      .join(', ');
    const parts = [fileText && `${fileText} (${(wave.transferBytes / 1024).toFixed(1)} KB)`, ...calls].filter(
      Boolean,
    );
    return `${wave.wave}: ${parts.join('; ')}`;
  });
}

function pathOf(url: string): string {
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`;
  } catch {
    return url;
  }
}

function kindOf(request: NetworkRequest): string {
  switch (request.resourceType) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'script';
    case 'Stylesheet':
      return 'stylesheet';
    case 'Font':
      return 'font';
    case 'Image':
      return 'image';
    default:
      return 'other request';
  }
}
