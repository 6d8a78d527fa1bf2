/** A test-environment token in the documented `<prefix>_test_` form; the stub never checks it. */
export const BENCH_API_KEY = "pl_test_benchmarkkey000000000000";

/** The content item id every `get` asks for. */
export const BENCH_ITEM_ID = "cnt_00000001";
