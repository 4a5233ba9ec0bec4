/** What a session list shows of a User-Agent header: the system and the browser, simply. */
export function describeUserAgent(header: string | undefined): { device: string | null; browser: string | null } {
  if (!header) return { device: null, browser: null };
  const ua = header.slice(0, 512);
  const device = DEVICES.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  return { device, browser: browser ?? (device ? null : ua.slice(0, 64)) };
}

// Order matters: an iPad's and an Android's agents also say "Mac OS X" and "Linux".
const DEVICES: ReadonlyArray<readonly [RegExp, string]> = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

// Order matters: Edge and Opera agents also say "Chrome", and Chrome's also says "Safari".
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari\//, 'Safari'],
  [/Safari\//, 'Safari'],
  [/curl\/([\d.]+)/, 'curl'],
];
