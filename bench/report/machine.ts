import { availableParallelism, cpus, platform, release, totalmem } from "node:os";

/** The machine a run's figures came from; figures from different machines do not compare. */
export function describeMachine() {
  return {
    cpuModel: cpus()[0]?.model ?? "unknown",
    nproc: availableParallelism(),
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    os: `${platform()} ${release()}`,
  };
}
