/**
 * Two ways to drive the control plane, so each route's test runs through both: plain HTTP
 * (fetch with the headers written out, as curl or Python would send them) and `connectFake`.
 * Both throw `FakeControlError` for a refusal, so one assertion fits both.
 */
import { expect } from "vitest";
import {
  connectFake,
  type FakeControl,
  FakeControlError,
  type FakeRequestQuery,
} from "../../../src/testing/index.js";

/** Plain HTTP: every call written out by hand. */
export function httpDriver(url: string, token?: string): FakeControl {
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (method !== "GET") headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const value = (await response.json()) as any;
    if (!response.ok) {
      throw new FakeControlError(
        response.status,
        value.error.code,
        value.error.message,
        value.error.param,
      );
    }
    return value;
  };
  const query = (q: FakeRequestQuery = {}) =>
    new URLSearchParams(
      Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ).toString();
  return {
    reset: (seed) => call("POST", "/fake/reset", seed === undefined ? undefined : { seed }),
    clock: () => call("GET", "/fake/clock"),
    advance: (ms) => call("POST", "/fake/clock", { advance: ms }),
    setClock: (instant) =>
      call("POST", "/fake/clock", {
        set: instant instanceof Date ? instant.toISOString() : instant,
      }),
    freeze: () => call("POST", "/fake/clock", { freeze: true }),
    follow: () => call("POST", "/fake/clock", { follow: true }),
    injectFault: (fault) => call("POST", "/fake/faults", fault),
    faults: async () => (await call("GET", "/fake/faults")).faults,
    clearFaults: async () => (await call("DELETE", "/fake/faults")).removed,
    addKey: (key) => call("POST", "/fake/keys", key),
    requests: (q) => call("GET", `/fake/requests?${query(q)}`),
    state: () => call("GET", "/fake/state"),
    openapi: () => call("GET", "/fake/openapi.json"),
  };
}

/** The drivers each test runs under. */
export const DRIVERS: readonly [string, (url: string, token?: string) => FakeControl][] = [
  ["HTTP", httpDriver],
  [
    "connectFake",
    (url, token) => connectFake(url, token === undefined ? {} : { controlToken: token }),
  ],
];
