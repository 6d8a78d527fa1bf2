/** The goal: 12 KB min+gzip. */
export declare const TARGET_MIN_GZIP_BYTES: number;
/** What CI enforces until the bundle fits the target. */
export declare const CEILING_MIN_GZIP_BYTES: number;
