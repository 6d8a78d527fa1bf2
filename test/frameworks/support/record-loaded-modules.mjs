// Preloaded with `node --import`: prints, at exit, the URL of every module the process loaded.
import { registerHooks } from "node:module";

const loaded = new Set();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on("exit", () => process.stdout.write(`\n${JSON.stringify([...loaded])}\n`));
