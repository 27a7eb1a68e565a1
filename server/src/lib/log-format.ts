import type { DestinationStream } from 'pino';

// LOG_FORMAT (README "Configuration"): readable lines for a person at a terminal, JSON lines
// for whatever collects logs (a pipe, CI, a container's log driver, production).

export type LogFormatSetting = 'auto' | 'pretty' | 'json';
export type LogFormat = 'pretty' | 'json';

/** Whether a person reads the output: a terminal, outside CI and production. */
export function readByPerson(stdout: { isTTY?: boolean }, vars: NodeJS.ProcessEnv): boolean {
  return stdout.isTTY === true && !vars.CI && vars.NODE_ENV !== 'production';
}

export function chooseLogFormat(setting: LogFormatSetting, person: boolean): LogFormat {
  if (setting === 'auto') return person ? 'pretty' : 'json';
  return setting;
}

/** pino-pretty in this thread (a transport would start a worker thread); loaded only when chosen. */
export async function prettyStream(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
