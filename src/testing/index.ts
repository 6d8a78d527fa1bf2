/**
 * `@postline/sdk/testing`: a stateful in-memory model of the Postline Agent API, served through
 * msw handlers or a real HTTP server, for testing the SDK and the agents built on it.
 *
 * @packageDocumentation
 */

export type { FaultKind } from "./fake/faults/fault-kind.js";
export type { FakeFaults, FaultHandle, FaultMatch, FaultSpec } from "./fake/faults/registry.js";
export type { FakeClock } from "./fake/handles/clock.js";
export type { FakeProviderControls, Publication } from "./fake/handles/provider.js";
export type { RecordedRequest, RequestListener } from "./fake/handles/request-log.js";
export type { AddedKey, AddKeyOptions, WorkspaceHandle } from "./fake/handles/workspace-handle.js";
export type { FakeRequest } from "./fake/http/fake-request.js";
export type { FakeOutcome, FakeResponse } from "./fake/http/fake-response.js";
export {
  type FakeSession,
  SESSION_COOKIE,
  SESSION_PATH,
  type SignInOptions,
} from "./fake/http/sessions.js";
export { type AiIsmPattern, DEFAULT_AI_ISM_PATTERNS } from "./fake/model/ai-ism-patterns.js";
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
} from "./fake/model/seed.js";
export { FakeSeedSchema } from "./fake/model/seed-schema.js";
export {
  DEFAULT_BASE_URL,
  type FakeDefaults,
  type OtherWorkspaceDefaults,
} from "./fake/model/seeded-model.js";
export type {
  ApprovalMode,
  BrandRecord,
  PrincipleRecord,
  Role,
  SlotRecord,
  StandingRuleRecord,
  Voice,
  WorkspaceState,
} from "./fake/model/workspace-settings.js";
export { createFakeService, type FakeService } from "./fake/service.js";
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
} from "./tooling/control/connect-fake.js";
export type { ControlOptions } from "./tooling/control/control-guard.js";
export { WAIT_LIMITS } from "./tooling/control/requests-route.js";
export {
  checkRecording,
  type RecordingCheckReport,
  type RecordingDifference,
} from "./tooling/recordings/check.js";
export {
  type RecordingFetchOptions,
  recordingFetch,
} from "./tooling/recordings/recording-fetch.js";
export {
  type RecordedExchange,
  type Recording,
  type RecordingJson,
  RecordingSchema,
} from "./tooling/recordings/recording-schema.js";
export { replayFetch } from "./tooling/recordings/replay-fetch.js";
export {
  type FakeServer,
  type FakeServerOptions,
  startFakeServer,
} from "./tooling/serve/http-server.js";
export { type HandlersOptions, handlers } from "./tooling/serve/msw.js";
export type { FakeOverview, FakeRateWindow } from "./tooling/watch/overview.js";
export type { JournalFilter } from "./tooling/watch/request-journal.js";
export { WATCH_PATHS, type WatchedRequest } from "./tooling/watch/routes.js";
