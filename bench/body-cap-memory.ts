/**
 * Memory while a 2xx body floods past the 8 MiB cap (`node --import tsx bench/body-cap-memory.ts`):
 * a loopback server writes an endless JSON body, the client cancels it at the cap with
 * `ResponseValidationError`, and this prints how far the process's RSS grew meanwhile. Run alone,
 * as RSS is the whole process's: inside a test run it would count every other test too.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Postline, ResponseValidationError } from "../src/index.js";

/** Writes `a`s for as long as the client reads. */
function flood(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, "a");
  let open = true;
  response.on("close", () => {
    open = false;
  });
  const pump = () => {
    while (open && response.write(chunk)) {}
    if (open) response.once("drain", pump);
  };
  pump();
}

const ROUNDS = 5;
const server = createServer((_request, response) => flood(response));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
const client = new Postline({
  apiKey: "pl_test_benchBodyCap1234",
  baseURL: `http://127.0.0.1:${port}`,
  allowInsecureHttp: true,
  rateLimit: false,
  timeout: 30_000,
});

const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);
const startedAt = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  const error = await client.content.get("cnt_1").catch((e: unknown) => e);
  if (!(error instanceof ResponseValidationError)) throw new Error(`round ${round}: ${error}`);
}
const elapsedMs = performance.now() - startedAt;
clearInterval(sampler);
server.closeAllConnections();
server.close();

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(`body cap: ${ROUNDS} floods cancelled at 8 MiB in ${elapsedMs.toFixed(0)} ms`);
console.log(
  `RSS: ${mib(rssBefore)} MiB before, ${mib(peakRss)} MiB at peak (+${mib(peakRss - rssBefore)} MiB)`,
);
