// Starts the BUILT `postline fake --json` on loopback for a CI script; resolves to the details it
// prints (baseURL, apiKey, channelIds, ...) and a `stop()`.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

export async function startPostlineFake() {
  const child = spawn(process.execPath, ["dist/cli/postline.js", "fake", "--json"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const firstLine = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`postline fake exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  const stop = () =>
    new Promise((resolve) => {
      child.removeAllListeners("exit");
      if (child.exitCode !== null) return resolve();
      child.once("exit", resolve);
      child.kill("SIGINT");
    });
  return { ...JSON.parse(firstLine), stop };
}
