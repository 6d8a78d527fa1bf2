export declare const RUNTIME_DEPENDENCIES: readonly string[];
export interface BundleSize {
  minBytes: number;
  minGzipBytes: number;
  heaviestInputs: { path: string; bytesInOutput: number }[];
}
export declare function measureBundle(options: {
  entry: string;
  includeDependencies: boolean;
}): Promise<BundleSize>;
