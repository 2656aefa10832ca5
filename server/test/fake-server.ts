import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A local HTTP server standing in for an outside system (the fakes of the SMS gateways, EasySlip, Opn):
 * `handle` answers each request with its whole body; a response it leaves unended is a hang, cut at close.
 */
export async function serveFake(
  handle: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => unknown,
): Promise<{ url: string; close(): Promise<void> }> {
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void Promise.resolve(handle(req, Buffer.concat(chunks), res)).then(() => {
        if (!res.writableEnded) hanging.add(res);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `wallet_provider_faults_total` of one provider as the server's /metrics answers it, by code. */
export async function providerFaultCounts(app: FastifyInstance, metricsToken: string, provider: string): Promise<Record<string, number>> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
  const counts: Record<string, number> = {};
  for (const m of res.body.matchAll(/^wallet_provider_faults_total\{provider="(\w+)",code="(\w+)"\} (\d+)/gm))
    if (m[1] === provider) counts[m[2]!] = Number(m[3]);
  return counts;
}

/** How many more of each code `after` counts than `before`. */
export const faultsSince = (before: Record<string, number>, after: Record<string, number>, codes: readonly string[]) =>
  codes.map((code) => (after[code] ?? 0) - (before[code] ?? 0));
