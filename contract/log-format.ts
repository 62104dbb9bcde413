import * as v from 'valibot';

// LOG_FORMAT, read by the product API and by the local stand-ins: `npm start` runs both in one terminal, so they
// print alike. Kept here because server/ and emulators/ never import each other.

export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const logFormatSchema = v.picklist(
  LOG_FORMATS,
  `LOG_FORMAT must be one of: ${LOG_FORMATS.join(', ')}.`,
);

/**
 * How log lines are written. LOG_FORMAT wins when set; unset, a person at a terminal gets readable lines and
 * anything else (a pipe, a file, a log collector) one JSON object per line, which is what collectors parse.
 */
export function chooseLogFormat(setting: LogFormat | undefined, stdoutIsTTY: boolean | undefined): LogFormat {
  return setting ?? (stdoutIsTTY ? 'pretty' : 'json');
}

/** The part of pino's options that picks the output: a transport, or none for pino's own JSON. */
export type LogOutputOptions = { transport?: { target: string; options: Record<string, unknown> } };

/**
 * The pino options that write `format`. Pretty is one line per event: the time, the level, the stand-in's name, the
 * message with the request's method and path or the answer's status, then the remaining fields (an error's stack
 * below it).
 */
export function logFormatOptions(format: LogFormat): LogOutputOptions {
  if (format === 'json') return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: {
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        singleLine: true,
        ignore: 'pid,hostname,name,req,res,responseTime',
        messageFormat:
          '{if name}{name}: {end}{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}',
      },
    },
  };
}
