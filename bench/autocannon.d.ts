// autocannon ships no types: the part bench/run.ts uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: {
      /** context: one object per client, kept across its requests. */
      setupRequest?: (req: Record<string, unknown>, context: any) => Record<string, unknown>;
      /** Called with the response's headers just before the instance emits 'response'. */
      onResponse?: (status: number, body: string, context: any, headers: Record<string, string>) => void;
    }[];
  }
  interface Result {
    errors: number;
    timeouts: number;
    requests: { total: number; average: number };
  }
  type Instance = EventEmitter & PromiseLike<Result>;
  function autocannon(options: Options): Instance;
  export default autocannon;
}
