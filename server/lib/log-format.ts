import type { LoggerOptions } from 'pino';

export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * How log lines are written. LOG_FORMAT wins when set; unset, a person at a terminal gets readable lines and
 * anything else (a pipe, a file, a log collector) one JSON object per line, which is what collectors parse.
 */
export function chooseLogFormat(setting: LogFormat | undefined, stdoutIsTTY: boolean | undefined): LogFormat {
  return setting ?? (stdoutIsTTY ? 'pretty' : 'json');
}

/** The pino options that write `format`: pino-pretty in a worker thread, or pino's own JSON. */
export function logFormatOptions(format: LogFormat): Pick<LoggerOptions, 'transport'> {
  if (format === 'json') return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}
