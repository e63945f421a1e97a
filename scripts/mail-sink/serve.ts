/**
 * Development mail sink: `npx tsx scripts/mail-sink/serve.ts` listens on MAIL_SINK_PORT (1025,
 * where SMTP_URL points by default) and writes every mail into .local/mail/ as an .eml file.
 */
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { startMailSink } from './mail-sink.ts';

const directory = fileURLToPath(new URL('../../.local/mail', import.meta.url));
const port = Number(process.env.MAIL_SINK_PORT || 1025);

try {
  const sink = await startMailSink({ port, directory });
  console.log(`mail sink: SMTP on ${sink.url}, mails are kept in ${relative(process.cwd(), directory) || directory}/`);
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.log(`mail sink: port ${port} is taken (a sink already running?); mails go to whatever listens there`);
  } else {
    throw error;
  }
}
