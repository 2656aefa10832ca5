/** scripts/build-server.mjs, for the TypeScript scripts that start the compiled server (bench-load.ts). */
export declare const SERVER_MAIN: string;
export declare const OPERATOR_CLI: string;
/** The sandbox game provider, a process of its own (docs/game-provider-protocol.md). */
export declare const GAME_SANDBOX: string;
export declare function ensureServerBuilt(): Promise<boolean>;
export declare function newestMtime(paths: string[], only?: (file: string) => boolean): number;
