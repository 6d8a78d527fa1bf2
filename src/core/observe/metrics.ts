/**
 * The part of the OpenTelemetry metrics API the SDK calls, written out so that metrics add no
 * dependency: a `Meter` from `@opentelemetry/api` (`metrics.getMeter(...)`) fits these types.
 */

/** Attributes of one measurement. */
export type MetricAttributes = Record<string, string | number | boolean>;

/** An OpenTelemetry `Histogram`: records a value, such as a duration. */
export interface MetricHistogram {
  /** Records one value with its attributes. */
  record(value: number, attributes?: MetricAttributes): void;
}

/** An OpenTelemetry `Counter`: adds to a running total. */
export interface MetricCounter {
  /** Adds `value` (at least 0) with its attributes. */
  add(value: number, attributes?: MetricAttributes): void;
}

/** What an instrument is: its description, unit and, for a histogram, its bucket boundaries. */
export interface MetricInstrumentOptions {
  /** What the instrument measures, in a sentence. */
  description?: string;
  /** The unit, in UCUM (`s` for seconds, `{refusal}` for a count of refusals). */
  unit?: string;
  /** Hints for the SDK's default aggregation. */
  advice?: {
    /** A histogram's bucket boundaries, in the instrument's unit. */
    explicitBucketBoundaries?: number[];
  };
}

/**
 * An OpenTelemetry `Meter` (from `@opentelemetry/api`): `new Postline({ meter })` records the
 * waits for rate-limit slots, refusals and each HTTP attempt's duration
 * (docs/observability.md).
 */
export interface Meter {
  /** Creates a histogram. */
  createHistogram(name: string, options?: MetricInstrumentOptions): MetricHistogram;
  /** Creates a counter. */
  createCounter(name: string, options?: MetricInstrumentOptions): MetricCounter;
}
