/**
 * A session's device in a few words, from its User-Agent: the browser and the system ("Chrome · Android"),
 * what a support agent asks a member about ("the Android phone?"). Anything else reads as its first 40
 * characters; none as null.
 */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : undefined;
  const browser = /SamsungBrowser\//.test(userAgent)
    ? 'Samsung Internet'
    : /Line\//.test(userAgent)
      ? 'LINE'
      : /FBAN|FBAV/.test(userAgent)
        ? 'Facebook'
        : /EdgA?\//.test(userAgent)
          ? 'Edge'
          : /OPR\//.test(userAgent)
            ? 'Opera'
            : /Firefox\/|FxiOS\//.test(userAgent)
              ? 'Firefox'
              : /CriOS\/|Chrome\//.test(userAgent)
                ? 'Chrome'
                : /Safari\//.test(userAgent)
                  ? 'Safari'
                  : undefined;
  if (system && browser) return `${browser} · ${system}`;
  return system ?? browser ?? userAgent.slice(0, 40);
}
