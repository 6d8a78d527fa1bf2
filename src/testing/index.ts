/**
 * `@postline/sdk/testing`: a stateful in-memory model of the Postline Agent API, served through
 * msw handlers or a real HTTP server, for testing the SDK and the agents built on it.
 *
 * @packageDocumentation
 */

export {
  connectFake,
  type FakeClockState,
  type FakeControl,
  FakeControlError,
  type FakeControlKey,
  type FakeJournal,
  type FakeRequestQuery,
  type FakeResetAnswer,
  type FakeSeedJson,
  type FaultJson,
  type InjectedFault,
} from "./control/connect-fake.js";
export type { ControlOptions } from "./control/control-guard.js";
export { WAIT_LIMITS } from "./control/requests-route.js";
export type { FakeClock } from "./controls/clock.js";
export type { FakeProviderControls, Publication } from "./controls/provider.js";
export type { RecordedRequest, RequestListener } from "./controls/request-log.js";
export type { AddedKey, AddKeyOptions, WorkspaceHandle } from "./controls/workspace-handle.js";
export type { FaultKind } from "./faults/fault-kind.js";
export type { FakeFaults, FaultHandle, FaultMatch, FaultSpec } from "./faults/registry.js";
export type { FakeRequest } from "./http/fake-request.js";
export type { FakeOutcome, FakeResponse } from "./http/fake-response.js";
export {
  type FakeSession,
  SESSION_COOKIE,
  SESSION_PATH,
  type SignInOptions,
} from "./http/sessions.js";
export { DEFAULT_AI_ISM_PATTERNS } from "./model/ai-ism-patterns.js";
export {
  DEFAULT_BASE_URL,
  type FakeDefaults,
  type OtherWorkspaceDefaults,
} from "./model/fake-defaults.js";
export type {
  AiIsmPattern,
  ApprovalMode,
  BrandRecord,
  PrincipleRecord,
  Role,
  SlotRecord,
  StandingRuleRecord,
  Voice,
  WorkspaceState,
} from "./model/records.js";
export type {
  ChannelSeed,
  ContentSeed,
  FakeServiceSeed,
  KeySeed,
  MemberSeed,
  QuotaSeed,
  ScheduleConfigSeed,
  VoiceSeed,
  WorkspaceSeed,
} from "./model/seed.js";
export { FakeSeedSchema } from "./model/seed-schema.js";
export { type FakeServer, type FakeServerOptions, startFakeServer } from "./serve/http-server.js";
export { type HandlersOptions, handlers } from "./serve/msw.js";
export { createFakeService, type FakeService } from "./service.js";
export type { FakeOverview, FakeRateWindow } from "./watch/overview.js";
export type { JournalFilter } from "./watch/request-journal.js";
export { WATCH_PATHS, type WatchedRequest } from "./watch/routes.js";
