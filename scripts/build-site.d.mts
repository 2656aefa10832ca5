export declare const DIST: string;
export declare const RELEASES: string;
export declare const KEEP_RELEASES: number;
export declare function siteStamp(variant: string, env?: Record<string, string | undefined>): string;
export declare function buildProblems(env?: Record<string, string | undefined>): string[];
export declare function releaseId(): string;
export declare function activate(releaseDir: string, dist?: string): void;
export declare function pruneReleases(keep?: number, releases?: string, dist?: string): void;
export declare function buildSite(options?: { variant?: string; env?: Record<string, string | undefined>; logLevel?: string }): string;
