import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS, checkBundleBudgets, measureBundle } from '../../scripts/lib/bundle-size';

const INDEX_HTML = `<!doctype html>
<html>
  <head>
    <link rel="icon" href="data:image/svg+xml,%3Csvg%3E%3C/svg%3E" />
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link crossorigin href='/assets/vendor-c.js?v=1' rel=modulepreload>
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
    <link rel="stylesheet" href="https://fonts.example.com/font.css">
    <script src="https://cdn.example.com/analytics.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let dist: string;

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'bundle-size-'));
});
afterEach(() => {
  rmSync(dist, { recursive: true, force: true });
});

/** Writes a file under the fake dist and answers its gzip size. */
function write(file: string, content: string | Buffer): number {
  const path = join(dist, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return gzipSync(content, { level: 9 }).length;
}

/** Content gzip barely shrinks, different per seed, so that sizes are easy to tell apart. */
const noise = (bytes: number, seed: number) =>
  Buffer.from(Array.from({ length: bytes }, (_, index) => (index * 7919 + seed * 104_729) % 251));

describe('measureBundle', () => {
  it('counts the entry, its modulepreloads and stylesheets as first load, every other script as lazy', () => {
    write('index.html', INDEX_HTML);
    const entry = write('assets/index-a.js', noise(3000, 1));
    const react = write('assets/react-b.js', noise(2000, 2));
    const vendor = write('assets/vendor-c.js', noise(1000, 3));
    const css = write('assets/index-d.css', 'body { color: red }\n'.repeat(50));
    const bigLazy = write('assets/BillingPage-e.js', noise(4000, 4));
    const smallLazy = write('assets/Toasts-f.js', noise(500, 5));
    write('assets/Toasts-f.css', '.toast { color: blue }');
    write('assets/index-a.js.map', '{"version":3}');

    const sizes = measureBundle(dist);

    expect(sizes.firstLoadJs.map((asset) => asset.file)).toEqual([
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/vendor-c.js',
    ]);
    expect(sizes.firstLoadCss.map((asset) => asset.file)).toEqual(['assets/index-d.css']);
    expect(sizes.lazyJs.map((asset) => asset.file)).toEqual([
      'assets/BillingPage-e.js',
      'assets/Toasts-f.js',
    ]);
    expect(sizes.firstLoadJsGz).toBe(entry + react + vendor);
    expect(sizes.firstLoadCssGz).toBe(css);
    expect(sizes.largestLazyJs).toEqual({ file: 'assets/BillingPage-e.js', bytes: 4000, gzipBytes: bigLazy });
    expect(sizes.lazyJs[1]?.gzipBytes).toBe(smallLazy);
  });

  it('counts what the prerendered landing page loads: its boot, the app the boot imports, and its CSS', () => {
    write('index.html', INDEX_HTML);
    // The mark of the stylesheet written into the page: disabled, the browser does not fetch it.
    write('assets/index-d.css', 'body { color: red }\n'.repeat(50));
    const entry = write('assets/index-a.js', noise(3000, 1));
    write('assets/react-b.js', noise(2000, 2));
    const runtime = write('assets/runtime-g.js', noise(300, 6));
    const boot = write(
      'assets/landing-boot-h.js',
      'boot(document.body, () => import("/assets/index-a.js"));\n',
    );
    const styles = 'body { color: red }\n'.repeat(40);
    write(
      'landing.html',
      `<!doctype html><html><head>
        <script type="module" crossorigin src="/assets/landing-boot-h.js"></script>
        <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/runtime-g.js">
        <style>${styles}</style><link rel="stylesheet" crossorigin href="/assets/index-d.css" disabled>
      </head><body><div id="root"><h1>Landing</h1></div></body></html>`,
    );

    const sizes = measureBundle(dist);

    expect(sizes.firstLoadJs.map((asset) => asset.file)).toEqual([
      'assets/landing-boot-h.js',
      'assets/index-a.js',
      'assets/runtime-g.js',
    ]);
    expect(sizes.firstLoadJsGz).toBe(boot + entry + runtime);
    expect(sizes.firstLoadCssGz).toBe(gzipSync(styles, { level: 9 }).length);
    expect(sizes.lazyJs.map((asset) => asset.file)).toEqual(['assets/react-b.js']);
  });

  it('fails clearly without a build', () => {
    expect(() => measureBundle(dist)).toThrow(/build the SPA first/);
  });
});

describe('checkBundleBudgets', () => {
  const asset = (file: string, gzipBytes: number) => ({ file, bytes: gzipBytes * 3, gzipBytes });

  it('passes at the limits (105 KB of first-load JS, 10 KB of CSS)', () => {
    expect(BUNDLE_BUDGETS.firstLoadJsGz).toBe(105 * 1024);
    expect(BUNDLE_BUDGETS.firstLoadCssGz).toBe(10 * 1024);
    const checks = checkBundleBudgets({
      firstLoadJs: [],
      firstLoadCss: [],
      lazyJs: [],
      firstLoadJsGz: BUNDLE_BUDGETS.firstLoadJsGz,
      firstLoadCssGz: BUNDLE_BUDGETS.firstLoadCssGz,
      largestLazyJs: asset('assets/big.js', BUNDLE_BUDGETS.lazyChunkGz),
    });
    expect(checks.map((check) => check.pass)).toEqual([true, true, true]);
    expect(checks[0]?.note).toBeUndefined();
    expect(checks[2]?.note).toBe('assets/big.js');
  });

  it('fails each budget one byte over', () => {
    const checks = checkBundleBudgets({
      firstLoadJs: [],
      firstLoadCss: [],
      lazyJs: [],
      firstLoadJsGz: BUNDLE_BUDGETS.firstLoadJsGz + 1,
      firstLoadCssGz: BUNDLE_BUDGETS.firstLoadCssGz + 1,
      largestLazyJs: asset('assets/big.js', BUNDLE_BUDGETS.lazyChunkGz + 1),
    });
    expect(checks.map((check) => check.pass)).toEqual([false, false, false]);
    expect(checks[0]?.note).toBe('0.0 KB over');
  });
});
