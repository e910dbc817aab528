// Marketplace B's sandbox (issue 15): the TikTok Shop Partner API as MARKETPLACES.md describes it.
// Built in the sandbox-b branch; this file is its entry point.
export {};
