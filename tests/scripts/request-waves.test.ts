import { describe, expect, it } from 'vitest';
import { describeWaves, type NetworkRequest, requestWaves } from '../../scripts/bench/request-waves';

const request = (
  url: string,
  networkRequestTime: number,
  networkEndTime: number,
  resourceType = 'Script',
  transferSize = 1024,
): NetworkRequest => ({ url, networkRequestTime, networkEndTime, resourceType, transferSize });

const origin = 'http://127.0.0.1:4000';

describe('request waves in npm run bench', () => {
  it('count the responses a request may have waited for in series', () => {
    const waves = requestWaves([
      request(`${origin}/Billing`, 0, 20, 'Document'),
      request(`${origin}/assets/index.js`, 30, 90),
      request(`${origin}/assets/index.css`, 31, 60, 'Stylesheet'),
      // Started while the entry was still arriving: the same wave as it.
      request(`${origin}/assets/shell.js`, 80, 120),
      request(`${origin}/api/auth/me`, 130, 150, 'Fetch'),
      request(`${origin}/api/billing/info`, 160, 190, 'Fetch'),
      request('data:image/svg+xml,icon', 1, 1, 'Image', 0),
    ]);
    expect(waves.map((wave) => wave.requests.map((item) => new URL(item.url).pathname))).toEqual([
      ['/Billing'],
      ['/assets/index.js', '/assets/index.css'],
      // The stylesheet had arrived before it started.
      ['/assets/shell.js'],
      ['/api/auth/me'],
      ['/api/billing/info'],
    ]);
    expect(waves[1]).toMatchObject({ wave: 2, startMs: 30, endMs: 90, transferBytes: 2048 });
  });

  it('describe each wave by what it fetched', () => {
    const lines = describeWaves(
      requestWaves([
        request(`${origin}/Billing`, 0, 20, 'Document', 2048),
        request(`${origin}/assets/a.js`, 30, 90),
        request(`${origin}/assets/b.js`, 30, 90),
        request(`${origin}/assets/a.css`, 30, 90, 'Stylesheet'),
        request(`${origin}/api/auth/me?include_flags=true`, 30, 90, 'Fetch', 512),
      ]),
    );
    expect(lines).toEqual([
      '1: 1 document (2.0 KB)',
      '2: 2 scripts, 1 stylesheet (3.5 KB); /api/auth/me?include_flags=true',
    ]);
  });
});
