/** scripts/game-sandbox.mjs, for the TypeScript that starts the demo's server (tests/e2e). */
export declare function sandboxBridge(
  env?: NodeJS.ProcessEnv,
): { url: string; books: string; bridgeEnv: Record<string, string>; serverEnv: Record<string, string> } | undefined;
