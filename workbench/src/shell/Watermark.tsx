import { useEffect, useState } from 'react';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** One tile of the watermark: the text twice on a slant; the text is escaped, so a user name cannot add markup. */
export function watermarkTile(lines: readonly string[]): string {
  const text = lines
    .map((line, i) => `<text x="20" y="${90 + i * 22}" transform="rotate(-20 160 100)">${line.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><g fill="rgba(0,0,0,0.09)" font-size="15" font-family="sans-serif">${text}</g></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * The app manager's watermark (issue #26): the signed-in user's name and the time, tiled over the whole
 * workbench. It lets every click through (pointer-events: none) and prints with the page (styles.css).
 */
export function Watermark({ userName, realName }: { userName: string; realName?: string | null }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const who = realName ? `${realName} (${userName})` : userName;
  const time = stamp(now);
  return <div className="watermark" aria-hidden="true" data-testid="watermark" data-text={`${who} ${time}`} style={{ backgroundImage: watermarkTile([who, time]) }} />;
}
