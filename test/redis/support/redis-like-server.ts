/**
 * A server that speaks Redis's protocol (RESP2) on a loopback port but answers the store's
 * scripts as a proxy, a mock or a partly compatible server might: `+OK`, an empty array, a
 * negative wait. Real node-redis and ioredis clients connect to it as to Redis.
 */
import { createHash } from "node:crypto";
import { createServer, type Socket } from "node:net";

/** A reply to write: a status (`{ status }`), an error (`{ error }`), an integer, a bulk string, nil, an array. */
export type Reply =
  | { readonly status: string }
  | { readonly error: string }
  | number
  | string
  | null
  | readonly Reply[];

function encode(reply: Reply): string {
  if (reply === null) return "$-1\r\n";
  if (typeof reply === "number") return `:${reply}\r\n`;
  if (typeof reply === "string") return `$${Buffer.byteLength(reply)}\r\n${reply}\r\n`;
  if (Array.isArray(reply)) return `*${reply.length}\r\n${reply.map(encode).join("")}`;
  if ("status" in reply) return `+${reply.status}\r\n`;
  return `-${(reply as { error: string }).error}\r\n`;
}

/** Reads whole commands (arrays of bulk strings) from `buffer`; returns them and what is left. */
function parse(buffer: Buffer): { commands: string[][]; rest: Buffer } {
  const commands: string[][] = [];
  let at = 0;
  const line = (from: number) => {
    const end = buffer.indexOf("\r\n", from);
    return end < 0 ? undefined : { text: buffer.toString("latin1", from, end), next: end + 2 };
  };
  for (;;) {
    const head = line(at);
    if (head === undefined || !head.text.startsWith("*")) break;
    const words: string[] = [];
    let next = head.next;
    for (let i = 0; i < Number(head.text.slice(1)); i++) {
      const size = line(next);
      if (size === undefined) return { commands, rest: buffer.subarray(at) };
      const length = Number(size.text.slice(1));
      if (buffer.length < size.next + length + 2) return { commands, rest: buffer.subarray(at) };
      words.push(buffer.toString("utf8", size.next, size.next + length));
      next = size.next + length + 2;
    }
    commands.push(words);
    at = next;
  }
  return { commands, rest: buffer.subarray(at) };
}

/** A running Redis-like server: its URL, the commands it received, and how to stop it. */
export interface RedisLikeServer {
  readonly url: string;
  readonly port: number;
  /** Every command received, as its words. */
  readonly commands: string[][];
  close(): Promise<void>;
}

/**
 * Starts a server that answers the connection handshake and `SCRIPT LOAD` as Redis does, and
 * every `EVALSHA` or `EVAL` with `scriptReply`.
 */
export async function startRedisLikeServer(scriptReply: Reply): Promise<RedisLikeServer> {
  const commands: string[][] = [];
  const sockets = new Set<Socket>();
  const answer = (words: string[]): Reply => {
    const name = words[0]?.toUpperCase();
    if (name === "PING") return { status: "PONG" };
    if (name === "INFO") return "# Server\r\nredis_version:7.2.0\r\nloading:0\r\n";
    if (name === "HELLO") return { error: "ERR unknown command 'HELLO'" };
    if (name === "SCRIPT" && words[1]?.toUpperCase() === "LOAD") {
      return createHash("sha1").update(words[2]!).digest("hex");
    }
    if (name === "EVALSHA" || name === "EVAL") return scriptReply;
    return { status: "OK" };
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let pending: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      const { commands: received, rest } = parse(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const words of received) {
        commands.push(words);
        socket.write(encode(answer(words)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    commands,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
