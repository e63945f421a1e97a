/** The structured (pino, JSON lines) logger of a worker or scheduler process, like the API's. */
import { pino, type Logger } from 'pino';

export function createRoleLogger(role: string): Logger {
  return pino({ level: process.env.LOG_LEVEL || 'info', base: { role, pid: process.pid } });
}

/** The indexer's `log(line, fields)` onto a role's logger. */
export function indexerLog(logger: Logger): (line: string, fields?: Record<string, unknown>) => void {
  return (line, fields) => logger.info(fields ?? {}, line);
}
