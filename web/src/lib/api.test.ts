import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, BUSY_MESSAGE, busyMessage, errorMessage, isBusyError, isRateLimitedError, RATE_LIMITED_MESSAGE, rateLimitedMessage } from './api';
import { TypesenseRequestError } from '../features/search/api/typesense-multi-search';

// A server answering 429 as our API does (JSON {message} + Retry-After) and as a
// proxy in front of it might (an HTML page).
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    res.statusCode = req.url === '/missing' ? 404 : req.url?.startsWith('/busy') ? 503 : 429;
    res.setHeader('retry-after', '60');
    if (req.url === '/busy') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'The service is busy. Please try again in a few seconds.' }));
    } else if (req.url === '/api') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'Too many requests. Please wait 1 minute and try again.' }));
    } else if (req.url === '/missing') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'Not found' }));
    } else {
      res.setHeader('content-type', 'text/html');
      res.end('<html><body><h1>429 Too Many Requests</h1></body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = (url: string) => apiJson('POST', `${base}${url}`, {}).then(() => expect.fail('should fail'), (e: unknown) => e);

describe('429 answers in the web app', () => {
  it("shows the API's own message, which says how long to wait, instead of the page's fallback", async () => {
    const error = await failure('/api');
    expect(isRateLimitedError(error)).toBe(true);
    expect(errorMessage(error, 'Invalid email or password')).toBe('Too many requests. Please wait 1 minute and try again.');
  });

  it('a 429 without a message of its own (a proxy page) still says to wait and try again', async () => {
    const error = await failure('/proxy');
    expect(errorMessage(error, 'Invalid email or password')).toBe(RATE_LIMITED_MESSAGE);
    expect(RATE_LIMITED_MESSAGE).toMatch(/wait .* try again/);
  });

  it('the search page: a 429 from the multi_search client reads the same', () => {
    const error = new TypesenseRequestError(
      'Request failed with HTTP code 429 | Server said: Too many requests. Please wait 1 minute and try again.',
      429,
    );
    expect(isRateLimitedError(error)).toBe(true);
    expect(rateLimitedMessage(error)).toBe('Too many requests. Please wait 1 minute and try again.');
  });

  it('other errors are not taken for a limit', async () => {
    const error = await failure('/missing');
    // Any non-OK answer is Error("<status>: <response text>") (spec accounts §7).
    expect((error as Error).message).toBe('404: {"message":"Not found"}');
    expect(isRateLimitedError(error)).toBe(false);
    expect(errorMessage(error, 'fallback')).toBe('Not found');
  });
});

describe('503 answers in the web app (an API shedding load)', () => {
  it("shows the API's message, which says to try again, instead of the page's fallback", async () => {
    const error = await failure('/busy');
    expect(isBusyError(error)).toBe(true);
    expect(isRateLimitedError(error)).toBe(false);
    expect(errorMessage(error, 'Failed to submit review. Please try again.')).toBe('The service is busy. Please try again in a few seconds.');
  });

  it('a 503 without a message of its own (a proxy page) still says to try again', async () => {
    const error = await failure('/busy-proxy');
    expect(errorMessage(error, 'Invalid email or password')).toBe(BUSY_MESSAGE);
    expect(BUSY_MESSAGE).toMatch(/try again/);
  });

  it('the search page: a 503 from the multi_search client reads the same', () => {
    const error = new TypesenseRequestError(
      'Request failed with HTTP code 503 | Server said: The service is busy. Please try again in a few seconds.',
      503,
    );
    expect(isBusyError(error)).toBe(true);
    expect(busyMessage(error)).toBe('The service is busy. Please try again in a few seconds.');
  });
});
