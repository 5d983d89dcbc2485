/** The parts of s3rver and aws4 (no bundled types) the S3 test server uses. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module 'aws4' {
  interface SignableRequest {
    host: string;
    path: string;
    method: string;
    service: string;
    region: string;
    headers: Record<string, string>;
  }
  export function sign(
    request: SignableRequest,
    credentials: { accessKeyId: string; secretAccessKey: string },
  ): SignableRequest;
  const aws4: { sign: typeof sign };
  export default aws4;
}
