import type { FastifyServerOptions } from 'fastify';

/**
 * Structured pino logs with the request id and no personal data: no bodies,
 * no cookies, no query strings (search text, reset tokens), and the reset
 * token segment of its path is masked.
 */
export function safeUrl(url: string): string {
  return url.split('?')[0].replace(/(validate-reset-token\/)[^/]+/, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
    serializers: {
      req(req: { method: string; url: string; id: string }) {
        return { method: req.method, url: safeUrl(req.url), id: req.id };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
  } as FastifyServerOptions['logger'];
}
