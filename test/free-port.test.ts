import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './support';

// A test server's port is chosen before the app is built (its URL is in the config) and listened on later.
// A port from the kernel's ephemeral range can be given, in between, to any outgoing connection on the
// machine, and the listen then fails with EADDRINUSE (a clean-clone CI run, 2026-11-30).
describe('freePort', () => {
  it('gives ports outside the kernel ephemeral range that a server can listen on', async () => {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    for (const port of ports) expect(port < low || port > high, `port ${port} is inside ${low}-${high}`).toBe(true);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(ports[0], '127.0.0.1', resolve));
    expect((server.address() as net.AddressInfo).port).toBe(ports[0]);
    await new Promise((resolve) => server.close(resolve));
  });
});
