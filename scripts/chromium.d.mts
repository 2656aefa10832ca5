export declare const systemChromium: string | undefined;
export declare const CHROMIUM_FLAGS: string[];
