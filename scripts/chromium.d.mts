export declare const systemChromium: string | undefined;
export declare const CHROMIUM_FLAGS: string[];
export declare const e2eChromium: string | undefined;
