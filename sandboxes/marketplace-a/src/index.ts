// Marketplace A's sandbox (issue 15): the AliExpress open-platform gateway as MARKETPLACES.md describes it.
// Built in the sandbox-a branch; this file is its entry point.
export {};
