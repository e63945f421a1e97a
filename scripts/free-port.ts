/** A port free right now on 127.0.0.1, for a child process or server whose address must be known before it starts. */
import { createServer, type AddressInfo } from 'node:net';

/** The system picks the port and it is released at once, so another process could take it first (rarely). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
