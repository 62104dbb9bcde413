import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, logFormatOptions } from '../../contract/log-format';
import { parseEmulatorEnv } from '../../emulators/env';
import { loadConfig } from '../../server/config';

describe('chooseLogFormat (contract/log-format.ts)', () => {
  it.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    [undefined, undefined, 'json'],
    ['json', true, 'json'],
    ['json', false, 'json'],
    ['pretty', false, 'pretty'],
    ['pretty', undefined, 'pretty'],
  ] as const)('LOG_FORMAT=%s with stdout a terminal: %s gives %s', (setting, isTTY, expected) => {
    expect(chooseLogFormat(setting, isTTY)).toBe(expected);
  });
});

describe('logFormatOptions', () => {
  it('writes pretty lines through pino-pretty, one line per event', () => {
    expect(logFormatOptions('pretty')).toEqual({
      transport: {
        target: 'pino-pretty',
        options: expect.objectContaining({ colorize: true, singleLine: true }),
      },
    });
  });

  it("leaves JSON to pino's default destination", () => {
    expect(logFormatOptions('json')).toEqual({});
  });

  it('can load pino-pretty on an install without devDependencies, since npm start prints through it', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(Object.keys(manifest.dependencies)).toContain('pino-pretty');
  });
});

describe('LOG_FORMAT in the server configuration', () => {
  it('is unset by default, so the terminal decides', () => {
    expect(loadConfig({}).logFormat).toBeUndefined();
  });

  it.each(['pretty', 'json'] as const)('accepts %s', (format) => {
    expect(loadConfig({ LOG_FORMAT: format }).logFormat).toBe(format);
  });

  it('refuses any other value, naming the allowed ones', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(
      expect.objectContaining({ problems: ['LOG_FORMAT: LOG_FORMAT must be one of: pretty, json.'] }),
    );
  });
});

describe("LOG_FORMAT in the stand-ins' settings", () => {
  it('is read from the same variable as the server', () => {
    expect(parseEmulatorEnv({}).LOG_FORMAT).toBeUndefined();
    expect(parseEmulatorEnv({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
  });

  it('refuses any other value', () => {
    expect(() => parseEmulatorEnv({ LOG_FORMAT: 'text' })).toThrow(
      /LOG_FORMAT: LOG_FORMAT must be one of: pretty, json/,
    );
  });
});
