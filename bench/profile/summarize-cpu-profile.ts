/** The parts of a V8 `.cpuprofile` the summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time of one place in the code, in milliseconds. */
export interface SelfTime {
  readonly where: string;
  readonly millis: number;
  readonly share: number;
}

/** Shortens a script URL to the package (or node internal) and file it belongs to. */
function shortPlace(url: string): string {
  if (url === "") return "(native / V8)";
  const inModules = url.lastIndexOf("node_modules/");
  if (inModules !== -1) return url.slice(inModules + "node_modules/".length);
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\/.*?\/(bench|src)\//, "$1/");
}

/** Self time per function and per file, largest first. */
export function summarizeCpuProfile(profile: CpuProfile): {
  byFunction: SelfTime[];
  byFile: SelfTime[];
} {
  const nodesById = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const frame = nodesById.get(nodeId)?.callFrame;
    if (!frame) return;
    total += micros;
    const file = shortPlace(frame.url);
    const name = `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byFile.set(file, (byFile.get(file) ?? 0) + micros);
  });
  const ranked = (map: Map<string, number>) =>
    [...map]
      .map(([where, micros]) => ({ where, millis: micros / 1000, share: micros / total }))
      .sort((a, b) => b.millis - a.millis);
  return { byFunction: ranked(byFunction), byFile: ranked(byFile) };
}
