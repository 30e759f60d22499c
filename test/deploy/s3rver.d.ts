/** The part of s3rver (a local S3 server, JavaScript without types) the deploy tests use. */
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  /** Koa's context, as much of it as a policy needs. */
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
    /** The host name of the request, without the port. */
    hostname: string;
    /** A request header, or '' when absent. */
    get(name: string): string;
    set(name: string, value: string): void;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list: composed when the server starts listening. */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void>>;
    httpServer: Server;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
