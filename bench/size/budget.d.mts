/** The size budget of the SDK's ESM bundle without ky and zod, in bytes of min+gzip. */
export declare const BUDGET_MIN_GZIP_BYTES: number;
