export function bundledPackages(entry: string): string[];
