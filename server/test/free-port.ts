import net, { type AddressInfo } from 'node:net';

/** A loopback port free a moment ago; whoever asked takes it right after. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port; `failed` is checked between tries (a dead process). */
export async function waitForPort(
  port: number,
  { timeoutMs = 5000, failed }: { timeoutMs?: number; failed?: () => Promise<Error | null> | Error | null } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const error = await failed?.();
    if (error) throw error;
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing opened port ${port} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
